/** One IAB standard banner of the contract (§13): its output name, `size` as "WxH", and device type. */
export interface IabBanner {
  name: string;
  size: string;
  type: 'mobile' | 'desktop';
  widthPx: number;
  heightPx: number;
}

function banner(type: IabBanner['type'], widthPx: number, heightPx: number): IabBanner {
  const size = `${widthPx}x${heightPx}`;
  return { name: `${type}_${size}`, size, type, widthPx, heightPx };
}

/** The twelve banners, in the contract's order (250x250 and 300x250 are in both sets). */
export const IAB_BANNERS: readonly IabBanner[] = [
  banner('mobile', 320, 50),
  banner('mobile', 300, 250),
  banner('mobile', 320, 100),
  banner('mobile', 250, 250),
  banner('desktop', 728, 90),
  banner('desktop', 160, 600),
  banner('desktop', 300, 600),
  banner('desktop', 970, 250),
  banner('desktop', 970, 90),
  banner('desktop', 468, 60),
  banner('desktop', 250, 250),
  banner('desktop', 300, 250),
];
