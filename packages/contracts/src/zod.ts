import { z } from 'zod';
import { installPlainValidationMessages } from './plain-validation-messages.ts';

/**
 * The zod every contract schema is built with. Importing it installs the plain validation messages,
 * so no schema of the contracts can ever answer with zod's programmer wording, whichever page (or
 * lazily loaded chunk) happens to load zod first. Modules that only hold constants and types never
 * import it, which keeps zod out of the web app's landing bundle.
 */
installPlainValidationMessages();

export { z };
