// The fake external system in acknowledge mode as a process of its own (see process.ts).
import { Receiver } from './receiver.js';

const receiver = await Receiver.start({ mode: 'acknowledge' });
process.send?.({ port: receiver.port });
process.on('disconnect', () => void receiver.close().then(() => process.exit(0)));
