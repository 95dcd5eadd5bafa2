/**
 * A small server on loopback that speaks OpenAI's images API, for tests of the remote
 * `ImageGenerator`: `/v1/images/generations` paints each image a flat colour derived from the
 * prompt and its index (so images differ and can be recognised), `/v1/images/edits` keeps the sent
 * image and paints that colour where the mask is transparent (OpenAI's edit semantics).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ImagesRequest {
  path: string;
  authorization: string | undefined;
  /** JSON body, or the multipart text fields. */
  fields: Record<string, string>;
  /** Multipart files (edits): name → PNG bytes. */
  files: Record<string, Buffer>;
}

export interface ImagesReply {
  status?: number;
  error?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** Answer with a size other than the one asked (providers round to their own sizes). */
  size?: { width: number; height: number };
  /** Answer with `url` items pointing back at this server instead of b64_json. */
  asUrls?: boolean;
}

export interface ImagesServer {
  baseUrl: string;
  requests: ImagesRequest[];
  setReply(reply: (req: ImagesRequest) => ImagesReply): void;
  close(): Promise<void>;
}

/** The colour the mock paints for a prompt and image index. */
export function mockColour(prompt: string, index: number): [number, number, number] {
  let h = 2166136261;
  for (const ch of `${prompt}#${index}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return [h & 255, (h >> 8) & 255, (h >> 16) & 255];
}

export async function startImagesServer(opts: { apiKey?: string } = {}): Promise<ImagesServer> {
  const requests: ImagesRequest[] = [];
  const stored = new Map<string, Buffer>();
  let reply: (req: ImagesRequest) => ImagesReply = () => ({});

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url?.startsWith('/files/')) {
      const png = stored.get(req.url.slice('/files/'.length));
      if (!png) return send(res, 404, { error: { message: 'no such file' } });
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(png);
    }
    const path = req.url ?? '';
    if (req.method !== 'POST' || (path !== '/v1/images/generations' && path !== '/v1/images/edits')) return send(res, 404, { error: { message: 'not found' } });
    const raw = await readBody(req);
    const fields: Record<string, string> = {};
    const files: Record<string, Buffer> = {};
    if ((req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': req.headers['content-type']! } }).formData();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else files[name] = Buffer.from(await value.arrayBuffer());
      }
    } else {
      for (const [k, v] of Object.entries(JSON.parse(raw.toString('utf8')) as Record<string, unknown>)) fields[k] = String(v);
    }
    const entry: ImagesRequest = { path, authorization: req.headers.authorization, fields, files };
    requests.push(entry);
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return send(res, 401, { error: { message: 'Incorrect API key provided.' } });
    const r = reply(entry);
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    if (r.status) return send(res, r.status, { error: { message: r.error ?? 'error', type: 'invalid_request_error' } });

    const n = Number(fields.n ?? 1);
    const [askedW, askedH] = (fields.size ?? '256x256').split('x').map(Number) as [number, number];
    const size = r.size ?? { width: askedW, height: askedH };
    const images: Buffer[] = [];
    for (let k = 0; k < n; k++) {
      const [cr, cg, cb] = mockColour(fields.prompt ?? '', k);
      if (path.endsWith('/edits')) {
        const { data, info } = await sharp(files.image!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        const mask = files.mask ? await sharp(files.mask).ensureAlpha().raw().toBuffer() : null;
        for (let i = 0; i < info.width * info.height; i++) {
          if (!mask || mask[i * 4 + 3] === 0) data.set([cr, cg, cb, 255], i * 4);
        }
        images.push(
          await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
            .png()
            .toBuffer(),
        );
      } else {
        images.push(
          await sharp({ create: { width: size.width, height: size.height, channels: 3, background: { r: cr, g: cg, b: cb } } })
            .png()
            .toBuffer(),
        );
      }
    }
    const { port } = server.address() as AddressInfo;
    const data = images.map((png, k) => {
      if (!r.asUrls) return { b64_json: png.toString('base64') };
      const id = `${requests.length}-${k}.png`;
      stored.set(id, png);
      return { url: `http://127.0.0.1:${port}/files/${id}` };
    });
    return send(res, 200, { created: Math.floor(Date.now() / 1000), data });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setReply: (r) => (reply = r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
