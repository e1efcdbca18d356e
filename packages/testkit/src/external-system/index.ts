export { startReceiverProcess } from './process.js';
export { closedPort, Receiver, sleep } from './receiver.js';
export type { Json, Received, Scripted } from './types.js';
