import { AppError } from '../../http/errors.js';

/** An uploaded file refused as it is read (every reader's 400): the message says what to do. */
export const unreadableFile = (message: string) => new AppError(400, 'UNREADABLE_FILE', message);
