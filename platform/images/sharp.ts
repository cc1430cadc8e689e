import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first picture it reads or writes: its libvips holds some 30 MB resident, which a process
 * that is only serving pages (most of them, most of the time) does not need (docs/decisions/514-embedded-database-memory.md).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
