/**
 * Writes YUV4MPEG2 (.y4m) video, the format Chromium's fake camera reads
 * (`--use-file-for-fake-video-capture=<file.y4m>`): a header, then per frame «FRAME\n» and the
 * Y, U and V planes (4:2:0). Gray frames only: U and V are 128. No ffmpeg needed.
 */
import { openSync, writeSync, closeSync } from 'node:fs';
import type { GrayFrame } from './symbols';

export function writeY4m(path: string, frames: readonly GrayFrame[], fps = 10): void {
  const first = frames[0];
  if (!first) throw new Error('y4m: no frames');
  const { width, height } = first;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('y4m: width and height must be even (4:2:0)');
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const f of frames) {
      if (f.width !== width || f.height !== height) throw new Error('y4m: every frame must have the same size');
      writeSync(fd, 'FRAME\n');
      writeSync(fd, f.luma);
      writeSync(fd, chroma);
    }
  } finally {
    closeSync(fd);
  }
}
