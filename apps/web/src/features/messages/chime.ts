/**
 * Spec §2: a new unread message plays a short chime. Two soft sine notes made with WebAudio: no
 * file to download. Browsers allow sound only after the person has interacted with the page;
 * before that it stays silent rather than fail.
 */
let context: AudioContext | undefined;

export function playChime(): void {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return;
  try {
    context ??= new window.AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      const at = start + index * 0.12;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.3);
    });
  } catch {
    // No audio device or the browser refused: the title count still tells.
  }
}

/**
 * A new unread message arrived: the total rose since the last count this page saw. The first
 * count (null before) is what was there on arrival and stays silent; so do counts going down.
 */
export function shouldChime(previous: number | null, next: number, soundOn: boolean): boolean {
  return soundOn && previous !== null && next > previous;
}

const soundKey = 'huddle.messageSound';

/** The tab's own switch (decision 026): on unless turned off on the messages page. */
export function isMessageSoundOn(): boolean {
  try {
    return window.localStorage.getItem(soundKey) !== 'off';
  } catch {
    return true;
  }
}

export function setMessageSound(on: boolean): void {
  try {
    window.localStorage.setItem(soundKey, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
