import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Conflicts are settled by the cascade, not at run time: primitives style
 * themselves with classes in the `components` layer (components/ui/primitives.css), so any
 * utility a caller passes wins. tailwind-merge would do the same for 8 KB gzip on the first page.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
