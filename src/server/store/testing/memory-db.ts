import { openDbFile, type TriptychDb } from '../db';

/** A fresh BFF database in memory, migrated like a file (for store tests). */
export const openMemoryDb = (): Promise<TriptychDb> => openDbFile(':memory:');
