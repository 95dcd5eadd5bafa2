/**
 * The loop of a CPU worker thread: runs the exported function a call names and answers with its
 * result (typed-array buffers moved, not copied) or its error as data.
 */
import { parentPort } from 'node:worker_threads';
import { errorToData, transferablesOf, type CpuCall, type CpuReply } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('worker-main runs only inside a worker thread');

const modules = new Map<string, Promise<Record<string, unknown>>>();

async function call(msg: CpuCall): Promise<unknown> {
  let mod = modules.get(msg.moduleUrl);
  if (!mod) {
    mod = import(msg.moduleUrl) as Promise<Record<string, unknown>>;
    modules.set(msg.moduleUrl, mod);
  }
  const fn = (await mod)[msg.exportName];
  if (typeof fn !== 'function') throw new Error(`${msg.moduleUrl} has no function "${msg.exportName}"`);
  return (fn as (...args: unknown[]) => unknown)(...msg.args);
}

port.on('message', (msg: CpuCall) => {
  call(msg).then(
    (value) => {
      const reply: CpuReply = { id: msg.id, ok: true, value };
      port.postMessage(reply, transferablesOf(value));
    },
    (err: unknown) => {
      const reply: CpuReply = { id: msg.id, ok: false, error: errorToData(err) };
      port.postMessage(reply);
    },
  );
});
