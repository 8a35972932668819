import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Components avoid conflicting utilities instead of resolving them at run time
 * (tailwind-merge would cost ~10 KB gzip of the first page's 150 KB budget).
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
