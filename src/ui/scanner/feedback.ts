/** A short beep (WebAudio) and a vibration when a code is read. Silent where not available. */
let audio: AudioContext | null = null;

/** Call from a user gesture (a tap, a key press) so the browser lets the page make sound. */
export function primeAudio(): void {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return;
  try {
    audio ??= new window.AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

export function beep(frequency = 1760, durationMs = 90): void {
  primeAudio();
  if (!audio || audio.state !== 'running') return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = 'square';
  osc.frequency.value = frequency;
  gain.gain.value = 0.08;
  osc.connect(gain).connect(audio.destination);
  const t = audio.currentTime;
  gain.gain.setValueAtTime(0.08, t);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + durationMs / 1000);
  osc.start(t);
  osc.stop(t + durationMs / 1000);
}

export function vibrate(ms = 80): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(ms);
}

export function readFeedback(): void {
  beep();
  vibrate();
}
