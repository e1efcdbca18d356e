export { type ReceiverProcess, startReceiverProcess } from './process.js';
export { closedPort, Receiver, type ReceiverOptions, sleep } from './receiver.js';
export type { Entity, ExternalCollection, Json, Received, Script, Scripted } from './types.js';
