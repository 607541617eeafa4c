// The Tablier board around an emulated RP2040: run by tablier.link.sim_rp2 (node board.mjs SETUP.json).
//
// SETUP.json names the flash image (the UF2 laid out as flash, the firmware's littlefs in it), the
// bootrom, the board's constants (from board_config.py) and the descriptors handed to this process:
//   host  the USB CDC serial port: the master of a pseudo-terminal (non-blocking)
//   ctl   side-channel commands in, one a line, as the unix-port simulation takes them
//         (docs/firmware.md): close S, open S, dead S, stuck S, chatter S, swap A B, cut, high,
//         slip, short [CHIP], vsys MV, heal, sync TOKEN; end of file stops the board
//   report lines out: ready, usb N (attached to USB, N-th time), reboot N, sync TOKEN,
//         leds HEX start_us=T dur_us=D t0h=A-B t1h=A-B (a decoded WS2812 frame, chain order)
//   clock a file this process rewrites after every batch: four little-endian doubles, the emulated
//         seconds, the seconds the core ran and the seconds it slept (WFI), the batches run
// The 74HC165 chain answers SPI as the layout wires it, the LED line is decoded, ADC3 reads VSYS / 3.
import fs from 'fs';
import { Chip, GPIOPinState } from './chip.mjs';

const setup = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const board = setup.board;
const ROM_WORDS = 4096;

const rom = fs.readFileSync(setup.bootrom);
const chip = new Chip(new Uint8Array(fs.readFileSync(setup.flash)),
  new Uint32Array(rom.buffer, rom.byteOffset, ROM_WORDS));
const reportFd = setup.report;
const say = (line) => fs.writeSync(reportFd, line + '\n');

// -- the 74HC165 chain ------------------------------------------------------------------------

class Chain {
  constructor(bytes) {
    this.bytes = bytes;
    this.closed = new Uint8Array(bytes); // a magnet over the sensor (or a pressed button)
    this.dead = new Uint8Array(bytes);
    this.stuck = new Uint8Array(bytes);
    this.chatter = new Uint8Array(bytes);
    this.latched = new Uint8Array(bytes);
    this.swaps = [];
    this.heal();
    this.random = 1;
    this.latches = 0;
    this.spiHz = 0;
  }

  heal() {
    this.dead.fill(0); this.stuck.fill(0); this.chatter.fill(0);
    this.swaps = []; this.cut = false; this.high = false; this.slip = false; this.short = -1;
  }

  static put(buf, s, on) {
    const bit = 0x80 >> (s % 8);
    if (on) buf[s >> 3] |= bit; else buf[s >> 3] &= ~bit;
  }

  latch() {
    this.latches++;
    const out = this.latched;
    for (let i = 0; i < this.bytes; i++) {
      this.random = (this.random * 1103515245 + 12345) & 0x7fffffff;
      const noise = (this.random >> 16) & 0xff;
      out[i] = (((this.closed[i] & ~this.dead[i]) | this.stuck[i]) & ~this.chatter[i]) | (noise & this.chatter[i]);
    }
    for (const [a, b] of this.swaps) {
      const bitA = out[a >> 3] & (0x80 >> (a % 8));
      const bitB = out[b >> 3] & (0x80 >> (b % 8));
      Chain.put(out, a, bitB); Chain.put(out, b, bitA);
    }
    if (board.SWITCH_ACTIVE_LOW) for (let i = 0; i < this.bytes; i++) out[i] ^= 0xff;
    const last = this.bytes - 1;
    out[last] = (out[last] & ~board.SPARE_MASK) | board.SPARE_BITS;
  }

  sound(i) { // byte i of a sound but possibly shortened chain
    if (this.short >= 0 && this.short <= i) i += 1;
    return i < this.bytes ? this.latched[i] : board.SR_TAIL;
  }

  clocked(i) { // byte i on the data line, with the line's faults
    if (this.cut) return 0;
    if (this.high) return 0xff;
    if (this.slip) return ((this.sound(i) << 1) | (this.sound(i + 1) >> 7)) & 0xff;
    return this.sound(i);
  }

  wire(c) { // onto a (new) chip: /PL on its GPIO, the data on SPI RX
    let index = 0;
    c.mcu.gpio[board.PIN_SR_LOAD].addListener((state, old) => {
      if (state === GPIOPinState.Low && old !== GPIOPinState.Low) { this.latch(); index = 0; }
    });
    const spi = c.mcu.spi[board.SPI_ID];
    let rx = 0;
    const done = c.clock.createAlarm(() => spi.completeTransmit(rx));
    spi.onTransmit = () => {
      rx = this.clocked(index++);
      this.spiHz = spi.clockFrequency;
      done.schedule(spi.dataBits * 1e9 / spi.clockFrequency);
    };
  }
}

// -- the WS2812 line ----------------------------------------------------------------------------

const T1_MIN_NS = 550; // a high pulse longer than this is a 1 (WS2812B: T0H 400, T1H 800 ns)
const RESET_NS = 50000; // a low line this long ends the frame

class LedLine {
  constructor() { this.frames = 0; this.reset(); }

  reset() { this.bits = []; this.t0 = [Infinity, 0]; this.t1 = [Infinity, 0]; this.start = 0; }

  wire(c) {
    const { clock } = c;
    let rise = 0;
    let fall = 0;
    const end = c.clock.createAlarm(() => this.end(fall));
    c.mcu.gpio[board.PIN_LED].addListener((state, old) => {
      const now = clock.nanos;
      if (state === GPIOPinState.High) {
        if (!this.bits.length) this.start = now;
        rise = now;
      } else if (old === GPIOPinState.High) {
        const width = now - rise;
        const one = width > T1_MIN_NS;
        const range = one ? this.t1 : this.t0;
        range[0] = Math.min(range[0], width); range[1] = Math.max(range[1], width);
        this.bits.push(one ? 1 : 0);
        fall = now;
        end.schedule(RESET_NS);
      }
    });
  }

  end(fall) {
    const bytes = Buffer.alloc(this.bits.length >> 3);
    for (let i = 0; i < bytes.length; i++) {
      let v = 0;
      for (let k = 0; k < 8; k++) v = (v << 1) | this.bits[8 * i + k];
      bytes[i] = v;
    }
    const span = (r) => r[0] === Infinity ? '-' : `${Math.round(r[0])}-${Math.round(r[1])}`;
    this.frames++;
    say(`leds ${bytes.toString('hex')} start_us=${(this.start / 1e3).toFixed(1)} ` +
        `dur_us=${((fall - this.start) / 1e3).toFixed(1)} t0h=${span(this.t0)} t1h=${span(this.t1)}`);
    this.reset();
  }
}

// -- VSYS ------------------------------------------------------------------------------------------

let vsysMv = board.VSYS_MV;
const vsysCounts = () => Math.round(vsysMv / 3 / 3300 * 4095); // ADC3: VSYS through the 3:1 divider

// -- the board ---------------------------------------------------------------------------------------

const chain = new Chain(board.SR_BYTES);
const leds = new LedLine();
chip.use((c) => {
  chain.wire(c);
  leds.wire(c);
  c.mcu.adc.channelValues[3] = vsysCounts();
});
let ready = false;
chip.onAttach = (n) => {
  say(`usb ${n}`);
  if (!ready) { ready = true; say('ready'); }
};
chip.onReboot = (n) => say(`reboot ${n}`);

// the host's serial port
const toHost = [];
chip.onData = (bytes) => toHost.push(Buffer.from(bytes));
const inBuf = Buffer.alloc(4096);
function serveHost() {
  for (;;) {
    let n = 0;
    try { n = fs.readSync(setup.host, inBuf, 0, inBuf.length, null); } catch { return; } // EAGAIN, EIO
    if (!n) return;
    chip.write(inBuf.subarray(0, n));
  }
}
function flushHost() {
  while (toHost.length) {
    const head = toHost[0];
    let n = 0;
    try { n = fs.writeSync(setup.host, head); } catch { return; } // the pty is full: later
    if (n < head.length) { toHost[0] = head.subarray(n); return; }
    toHost.shift();
  }
}

// the side channel
const ctlBuf = Buffer.alloc(4096);
let ctlText = '';
let ctlOpen = true;
function serveCtl() {
  for (;;) {
    let n;
    try { n = fs.readSync(setup.ctl, ctlBuf, 0, ctlBuf.length, null); } catch { return; }
    if (!n) { ctlOpen = false; return; }
    ctlText += ctlBuf.toString('latin1', 0, n);
    let nl;
    while ((nl = ctlText.indexOf('\n')) >= 0) {
      command(ctlText.slice(0, nl).trim().split(/\s+/));
      ctlText = ctlText.slice(nl + 1);
    }
  }
}
function command(words) {
  const [verb, ...rest] = words;
  const args = rest.map(Number);
  const switchBits = { dead: chain.dead, stuck: chain.stuck, chatter: chain.chatter };
  if (verb === 'close' || verb === 'open') Chain.put(chain.closed, args[0], verb === 'close');
  else if (verb in switchBits) Chain.put(switchBits[verb], args[0], true);
  else if (verb === 'swap') chain.swaps.push([args[0], args[1]]);
  else if (verb === 'cut') chain.cut = true;
  else if (verb === 'high') chain.high = true;
  else if (verb === 'slip') chain.slip = true;
  else if (verb === 'short') chain.short = rest.length ? args[0] : board.SR_BYTES >> 1;
  else if (verb === 'heal') chain.heal();
  else if (verb === 'vsys') { vsysMv = args[0]; chip.mcu.adc.channelValues[3] = vsysCounts(); }
  else if (verb === 'sync') say(`sync ${rest[0]} spi_hz=${Math.round(chain.spiHz)} latches=${chain.latches}`);
  else if (verb) say(`error unknown command ${verb}`);
}

// the clock the host keeps time by
const clockFd = fs.openSync(setup.clock, 'r+');
const clockData = new Float64Array(4);
const clockBytes = new Uint8Array(clockData.buffer);
let batches = 0;

function turn() {
  serveHost();
  serveCtl();
  if (!ctlOpen) { flushHost(); process.exit(0); }
  chip.run(setup.batch);
  flushHost();
  batches++;
  clockData[0] = chip.nanos / 1e9;
  clockData[1] = chip.busyNanos / 1e9;
  clockData[2] = chip.idleNanos / 1e9;
  clockData[3] = batches;
  fs.writeSync(clockFd, clockBytes, 0, clockBytes.length, 0);
  setImmediate(turn);
}

chip.start();
turn();
