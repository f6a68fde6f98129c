// The AudioWorklet that taps one audio source in the meeting page (issue 6 capture): it mixes the
// channels down, decimates to 16 kHz (the speech engines' rate) by averaging each group of input samples
// (a box filter: enough against aliasing for speech at 48 kHz -> 16 kHz), and posts one 100 ms block at a
// time with its RMS, plus the Int16 samples when asked (the mix). A worklet runs in its own global scope,
// so it travels as source text and is loaded from a Blob URL (no file for the meeting page to serve).

export const audioTapProcessorName = "parley-tap";
/** 100 ms at 16 kHz. */
export const audioTapBlockSamples = 1600;

export const audioTapWorkletSource = `
class ParleyTap extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const settings = (options && options.processorOptions) || {};
    this.wantsPcm = settings.wantsPcm === true;
    this.ratio = sampleRate / 16000;
    this.block = new Int16Array(${audioTapBlockSamples});
    this.filled = 0;
    this.sum = 0;
    this.count = 0;
    this.position = 0;
    this.squares = 0;
  }
  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0) return true;
    const channels = input.length;
    const frames = input[0].length;
    for (let i = 0; i < frames; i++) {
      let value = 0;
      for (let c = 0; c < channels; c++) value += input[c][i];
      this.sum += value / channels;
      this.count += 1;
      this.position += 1;
      if (this.position < this.ratio) continue;
      this.position -= this.ratio;
      const sample = Math.max(-1, Math.min(1, this.sum / this.count));
      this.sum = 0;
      this.count = 0;
      this.squares += sample * sample;
      this.block[this.filled++] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
      if (this.filled < ${audioTapBlockSamples}) continue;
      const rms = Math.sqrt(this.squares / ${audioTapBlockSamples});
      if (this.wantsPcm) {
        const pcm = this.block;
        this.block = new Int16Array(${audioTapBlockSamples});
        this.port.postMessage({ rms, pcm }, [pcm.buffer]);
      } else {
        this.port.postMessage({ rms });
      }
      this.filled = 0;
      this.squares = 0;
    }
    return true;
  }
}
registerProcessor("${audioTapProcessorName}", ParleyTap);
`;
