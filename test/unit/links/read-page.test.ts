import { describe, expect, it } from 'vitest';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';

/** A shop page the way Shopify/WooCommerce themes write them: JSON-LD in @graph, OG tags, lazy images. */
const SHOP_PAGE = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Aurora Desk Lamp – Lumen &amp; Co.</title>
<meta name="description" content="Meta description of the lamp.">
<meta property="og:site_name" content="Lumen &amp; Co.">
<meta property="og:title" content="Aurora Desk Lamp | Lumen &amp; Co.">
<meta property="og:image" content="https://cdn.lumen.test/products/aurora-front.jpg?v=3">
<meta property="og:image" content="//cdn.lumen.test/products/aurora-side.jpg">
<meta property="og:price:amount" content="999.00">
<link rel="icon" href="/favicon-32.png" sizes="32x32">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
<script type="application/ld+json">
{"@context":"https://schema.org","@graph":[
  {"@type":"Organization","@id":"https://lumen.test/#org","name":"Lumen & Co.",
   "logo":{"@type":"ImageObject","url":"https://lumen.test/img/logo.png"}},
  {"@type":"WebSite","@id":"https://lumen.test/#site","name":"Lumen Shop","publisher":{"@id":"https://lumen.test/#org"}},
  {"@type":["Product","schema:Thing"],"@id":"https://lumen.test/p/aurora#product",
   "name":"Aurora Desk Lamp",
   "description":"<p>A warm, dimmable LED desk lamp &amp; USB-C charger.</p>",
   "image":["https://cdn.lumen.test/products/aurora-front.jpg?v=3",
            {"@type":"ImageObject","url":"/products/aurora-detail.jpg"}],
   "brand":{"@type":"Brand","name":"Lumen"},
   "offers":{"@id":"https://lumen.test/p/aurora#offer"},
   "aggregateRating":{"@type":"AggregateRating","ratingValue":"4.6","reviewCount":"128"},
   "review":[
     {"@type":"Review","author":{"@type":"Person","name":"Dana K."},
      "reviewRating":{"@type":"Rating","ratingValue":5},"reviewBody":"Lovely light,   perfect for late nights."},
     {"@type":"Review","author":"Sam","reviewRating":{"ratingValue":"4"},"description":"Sturdy, but the cable is short."},
     {"@type":"Review","author":"Empty"}
   ]},
  {"@type":"Offer","@id":"https://lumen.test/p/aurora#offer","price":"89.90","priceCurrency":"eur","availability":"InStock"}
]}
</script>
</head><body>
<header><a href="/"><img class="site-logo" src="/img/logo.png" alt="Lumen" width="120" height="40"></a></header>
<main>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/products/aurora-lifestyle.jpg" alt="">
  <img srcset="/products/aurora-room-400.jpg 400w, /products/aurora-room-1600.jpg 1600w, /products/aurora-room-800.jpg 800w" src="/products/aurora-room-400.jpg">
  <img src="/icons/star.png" width="16" height="16">
  <img src="/sprite.svg#cart">
  <img src="https://www.facebook.com/tr?id=1&ev=PageView" width="1" height="1">
  <img src="https://cdn.lumen.test/products/aurora-front.jpg?v=3">
  <video controls poster="/poster.jpg"><source src="/media/aurora-demo.mp4" type="video/mp4"></video>
</main></body></html>`;

describe('a shop page with JSON-LD Product, offers and reviews', () => {
  const facts = readProductPage(SHOP_PAGE, 'https://lumen.test/p/aurora?variant=2');

  it('takes the product name and a clean description from JSON-LD', () => {
    expect(facts.title).toBe('Aurora Desk Lamp');
    expect(facts.description).toBe('A warm, dimmable LED desk lamp & USB-C charger.');
  });

  it('lists declared images first, then page images, absolute and without duplicates or junk', () => {
    expect(facts.imageUrls).toEqual([
      'https://cdn.lumen.test/products/aurora-front.jpg?v=3',
      'https://lumen.test/products/aurora-detail.jpg',
      'https://cdn.lumen.test/products/aurora-side.jpg',
      'https://lumen.test/products/aurora-lifestyle.jpg',
      'https://lumen.test/products/aurora-room-1600.jpg',
    ]);
  });

  it('finds the video in <video><source>', () => {
    expect(facts.videoUrls).toEqual(['https://lumen.test/media/aurora-demo.mp4']);
  });

  it('takes the organization logo and keeps it out of the images', () => {
    expect(facts.logoUrl).toBe('https://lumen.test/img/logo.png');
    expect(facts.imageUrls).not.toContain('https://lumen.test/img/logo.png');
  });

  it('follows the @id reference to the offer for the price, preferring it over og:price', () => {
    expect(facts.price).toEqual({ amount: 89.9, currency: 'EUR' });
  });

  it('reads the rating, the count and the reviews that have text', () => {
    expect(facts.reviews).toEqual({
      rating: 4.6,
      count: 128,
      items: [
        { author: 'Dana K.', rating: 5, text: 'Lovely light, perfect for late nights.' },
        { author: 'Sam', rating: 4, text: 'Sturdy, but the cable is short.' },
      ],
    });
  });

  it('reads brand and site name', () => {
    expect(facts.brand).toBe('Lumen');
    expect(facts.siteName).toBe('Lumen & Co.');
  });
});

/** A page with Open Graph and Twitter tags only, a <base href>, and an embed-player og:video. */
const OG_PAGE = `<html><head>
<base href="https://static.brew.test/assets/">
<title>Cold Brew Kit</title>
<meta property="og:title" content="  Cold Brew
  Kit  ">
<meta property="og:description" content="Smooth coffee overnight.">
<meta property="og:image" content="kit.jpg">
<meta property="og:image:secure_url" content="https://static.brew.test/assets/kit.jpg">
<meta name="twitter:image" content="/share/kit-twitter.png">
<meta property="og:video" content="https://www.youtube.com/embed/abc123">
<meta property="og:video:type" content="text/html">
<meta name="twitter:player:stream" content="https://media.brew.test/kit.mp4">
<meta property="product:price:amount" content="1.299,50">
<meta property="product:price:currency" content="SEK">
<meta property="product:brand" content="BrewCo">
<link rel="shortcut icon" href="/favicon.ico">
</head><body><p>Nothing else here.</p></body></html>`;

describe('an Open Graph only page', () => {
  const facts = readProductPage(OG_PAGE, 'https://brew.test/kit');

  it('reads title and description from og tags, whitespace collapsed', () => {
    expect(facts.title).toBe('Cold Brew Kit');
    expect(facts.description).toBe('Smooth coffee overnight.');
  });

  it('resolves relative URLs against <base href>', () => {
    expect(facts.imageUrls).toEqual(['https://static.brew.test/assets/kit.jpg', 'https://static.brew.test/share/kit-twitter.png']);
    expect(facts.logoUrl).toBe('https://static.brew.test/favicon.ico');
  });

  it('skips an og:video that is a player page, keeps a real stream', () => {
    expect(facts.videoUrls).toEqual(['https://media.brew.test/kit.mp4']);
  });

  it('reads a European-formatted meta price and the brand', () => {
    expect(facts.price).toEqual({ amount: 1299.5, currency: 'SEK' });
    expect(facts.brand).toBe('BrewCo');
    expect(facts.reviews).toBeNull();
  });
});

/** Hand-made page: no metadata at all, only markup. */
const MARKUP_PAGE = `<html><head><title>
  Garden Hose Reel — Best Price
</title></head><body>
<h1>Garden Hose Reel</h1>
<picture>
  <source type="image/webp" srcset="img/reel.webp 1x, img/reel@2x.webp 2x">
  <img src="img/reel.jpg" alt="Reel">
</picture>
<img data-lazy-src="img/reel-in-use.jpg" src="img/placeholder.svg">
<img src="img/badge.png" width="32">
<img src="img/pixel.gif">
<video src="media/reel.webm" autoplay muted></video>
<video><source data-src="https://videos.garden.test/reel-how-to.mp4"></video>
<div itemscope itemtype="https://schema.org/Product">
  <span itemprop="price" content="24.99">$24.99</span><meta itemprop="priceCurrency" content="USD">
  <div itemprop="aggregateRating" itemscope><span itemprop="ratingValue">4.2</span> from <span itemprop="reviewCount">17</span></div>
</div>
</body></html>`;

describe('a page with only <img> and <video>', () => {
  const facts = readProductPage(MARKUP_PAGE, 'https://garden.test/shop/reel.html');

  it('falls back to <title>', () => {
    expect(facts.title).toBe('Garden Hose Reel — Best Price');
    expect(facts.description).toBe('');
  });

  it('takes the best candidate of each image and skips badges, pixels and svg placeholders', () => {
    expect(facts.imageUrls).toEqual([
      'https://garden.test/shop/img/reel@2x.webp',
      'https://garden.test/shop/img/reel.jpg',
      'https://garden.test/shop/img/reel-in-use.jpg',
    ]);
  });

  it('finds videos by src and by lazy data-src', () => {
    expect(facts.videoUrls).toEqual(['https://garden.test/shop/media/reel.webm', 'https://videos.garden.test/reel-how-to.mp4']);
  });

  it('reads microdata price and rating', () => {
    expect(facts.price).toEqual({ amount: 24.99, currency: 'USD' });
    expect(facts.reviews).toEqual({ rating: 4.2, count: 17, items: [] });
    expect(facts.logoUrl).toBeNull();
  });
});

describe('a page with nothing usable', () => {
  it('returns empty facts rather than failing', () => {
    const facts = readProductPage(
      '<html><body><script type="application/ld+json">{ not json </script><img src="data:image/png;base64,AAAA"><a href="#">x</a></body></html>',
      'https://empty.test/',
    );
    expect(facts).toEqual({
      title: '',
      description: '',
      imageUrls: [],
      videoUrls: [],
      logoUrl: null,
      price: null,
      reviews: null,
    });
  });

  it('copes with an empty string and with non-HTML text', () => {
    expect(readProductPage('', 'https://empty.test/').imageUrls).toEqual([]);
    expect(readProductPage('just words', 'https://empty.test/').title).toBe('');
  });
});

describe('JSON-LD shapes', () => {
  const page = (json: string, head = '') =>
    readProductPage(`<html><head>${head}<script type="application/ld+json">${json}</script></head></html>`, 'https://shop.test/p/1');

  it('finds a Product in a top-level array next to other nodes', () => {
    const facts = page(
      '[{"@type":"BreadcrumbList"},{"@type":"Product","name":"Mug","image":"mug.png","offers":[{"@type":"AggregateOffer","lowPrice":12,"priceCurrency":"GBP"}]}]',
    );
    expect(facts.title).toBe('Mug');
    expect(facts.imageUrls).toEqual(['https://shop.test/p/mug.png']);
    expect(facts.price).toEqual({ amount: 12, currency: 'GBP' });
  });

  it('finds a Product nested as a WebPage mainEntity, typed by full IRI', () => {
    const facts = page(
      '{"@type":"WebPage","mainEntity":{"@type":"http://schema.org/Product","name":"Kettle","brand":"Boil","offers":{"priceSpecification":{"price":"49","priceCurrency":"USD"}}}}',
    );
    expect(facts.title).toBe('Kettle');
    expect(facts.brand).toBe('Boil');
    expect(facts.price).toEqual({ amount: 49, currency: 'USD' });
  });

  it('reads image objects with contentUrl, and VideoObjects', () => {
    const facts = page(
      '{"@type":"Product","name":"Cam","image":{"@type":"ImageObject","contentUrl":"https://cdn.test/cam.jpg"},"video":{"@type":"VideoObject","contentUrl":"https://cdn.test/cam.mp4","embedUrl":"https://player.test/cam"}}',
    );
    expect(facts.imageUrls).toEqual(['https://cdn.test/cam.jpg']);
    expect(facts.videoUrls).toEqual(['https://cdn.test/cam.mp4']);
  });

  it('tolerates comments and raw newlines inside strings', () => {
    const facts = page('<!-- {"@type":"Product","name":"Line\none","description":"two\nlines"} -->');
    expect(facts.title).toBe('Line one');
    expect(facts.description).toBe('two lines');
  });

  it('takes a price without a currency as such', () => {
    expect(page('{"@type":"Product","name":"X","offers":{"price":"5"}}').price).toEqual({ amount: 5, currency: null });
  });
});
