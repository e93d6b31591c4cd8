import { z } from 'zod';

// Every schema is created through this module so that zod's default messages are Spanish on both sides.
z.config(z.locales.es());

export { z };
