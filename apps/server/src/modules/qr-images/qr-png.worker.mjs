// Renders QR PNGs off the server's main thread (plain JavaScript, so it runs the same under the
// development runner, the tests and the compiled server). Messages: { id, text, size, options }.
import { parentPort } from 'node:worker_threads';
import QRCode from 'qrcode';

parentPort.on('message', async ({ id, text, size, options }) => {
  try {
    const png = await QRCode.toBuffer(text, { ...options, type: 'png', width: size });
    parentPort.postMessage({ id, png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
