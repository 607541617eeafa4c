// The emulated RP2040 (rp2040js) with what its stock model lacks for MicroPython's rp2 port.
//
// Chip runs a flash image (a UF2 already laid out as 2 MiB of flash, littlefs included) on one
// emulated clock for the board's whole life, warm reboots included. Each fix below answers a fact
// about rp2040js 1.4.1 (docs/firmware.md, "The firmware on the emulated chip"):
//
// - USB OUT: the stock CDC host answers every OUT buffer the device arms, with an empty packet when
//   it has nothing to send; tinyusb re-arms at once and its interrupts eat most of the CPU. A real
//   host sends OUT packets only with data: the read is held until the host has bytes.
// - The CDC input FIFO (512 bytes) drops what does not fit: host bytes wait in a queue of ours and
//   enter the FIFO as it drains.
// - Enumeration happens once: when the device's D+ pull-up comes back on (machine.USBDevice
//   active(False), config(), active(True)) the bus is reset and enumeration starts again.
// - UART: the TX interrupt is raised again on every check (MicroPython's IRQ-driven UART livelocks
//   in UART() init): raised once a byte is written, cleared by the driver.
// - QSPI program and erase are not emulated: the bootrom's flash_range_erase ('RE') and
//   flash_range_program ('RP') are served here, with the flash chip's typical times.
// - machine.reset() and a watchdog bite only call a hook: the chip is built again on the same clock
//   with the same flash and the watchdog's REASON and scratch registers (a warm reboot).
// - PIO runs 1,000 steps per event-loop turn: here each state machine steps on the emulated clock,
//   one instruction per (1 + delay) x clock divider system cycles, and sleeps while it waits for
//   its TX FIFO.
// - Simulator.execute() runs a million instructions between event-loop turns (host bytes wait up to
//   about 10 ms of emulated time): Chip.run() executes a batch the caller chooses.
import { Simulator, USBCDC, ConsoleLogger, LogLevel, GPIOPinState } from 'rp2040js';

export { GPIOPinState };
const NS_PER_CYCLE = 8; // 125 MHz
const WATCHDOG = 0x40058;
const SIE_PULLUP_EN = 1 << 16;
const UART_TX_INTERRUPT = 1 << 5;
const WAIT_TX_FIFO = 3; // rp2040js's WaitType.txFIFO: a blocking PULL on an empty FIFO
const WAIT_OUT = 5; // WaitType.Out: an OUT with autopull on an empty FIFO
// W25Q16JV typical times: 4 KiB sector erase 45 ms, 256-byte page program 0.4 ms.
const ERASE_NS_PER_SECTOR = 45e6;
const PROGRAM_NS_PER_PAGE = 0.4e6;

export class Chip {
  constructor(flash, bootrom) {
    this.bootrom = bootrom; // Uint32Array, 16 KiB
    this.toDevice = []; // host bytes not yet in the CDC FIFO
    this.setups = []; // fn(chip), applied to each new RP2040 (bench hooks live on it)
    this.onData = () => {};
    this.onAttach = () => {};
    this.onReboot = () => {};
    this.attachments = 0;
    this.reboots = 0;
    this.busyNanos = 0;
    this.idleNanos = 0;
    this.flashOps = { erased: 0, programmed: 0 };
    this.clock = undefined;
    this._build(flash, null);
  }

  /** Apply fn(chip) now and after every reboot. */
  use(fn) {
    this.setups.push(fn);
    fn(this);
  }

  get nanos() { return this.clock.nanos; }

  _build(flash, watchdog) {
    const sim = new Simulator(this.clock); // the first chip makes the clock; later ones keep it
    this.sim = sim;
    this.mcu = sim.rp2040;
    this.clock = sim.clock;
    this.core = this.mcu.core;
    this.mcu.logger = new ConsoleLogger(LogLevel.Error);
    this.mcu.loadBootrom(this.bootrom);
    this.mcu.flash.set(flash);
    const dog = this.mcu.peripherals[WATCHDOG];
    if (watchdog) {
      dog.reason = watchdog.reason;
      dog.scratchData.set(watchdog.scratchData);
    }
    dog.onWatchdogTrigger = () => { this._rebootDue = true; };
    this._usb();
    this._uart();
    this._flash();
    this._pio();
  }

  _usb() {
    const usb = this.mcu.usbCtrl;
    const cdc = new USBCDC(usb);
    this.cdc = cdc;
    this.attached = false;
    cdc.onDeviceConnected = () => {
      this.attached = true;
      this.attachments++;
      this.onAttach(this.attachments);
    };
    cdc.onSerialData = (bytes) => this.onData(bytes);
    const answer = usb.onEndpointRead;
    this._answerRead = answer;
    this._heldRead = null;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty && !this.toDevice.length) {
        this._heldRead = [endpoint, size];
        return;
      }
      answer(endpoint, size);
    };
    const sieWrite = usb.handleSieCtrlWrite.bind(usb);
    usb.handleSieCtrlWrite = (value) => {
      const was = usb.sieCtrl & SIE_PULLUP_EN;
      sieWrite(value);
      const now = value & SIE_PULLUP_EN;
      if (was && !now) {
        this.attached = false;
        this._heldRead = null;
      } else if (!was && now && cdc.initialized) {
        cdc.initialized = false;
        cdc.descriptorsSize = null;
        cdc.descriptors = [];
        usb.resetDevice();
      }
    };
  }

  _uart() {
    for (const uart of this.mcu.uart) {
      uart.checkInterrupts = function () {
        this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
      };
      const write = uart.writeUint32.bind(uart);
      uart.writeUint32 = (offset, value) => {
        write(offset, value);
        if (offset === 0) { // UARTDR: the byte leaves at once, the FIFO has room again
          uart.interruptStatus |= UART_TX_INTERRUPT;
          uart.checkInterrupts();
        }
      };
    }
  }

  _flash() {
    const { mcu, core } = this;
    const half = (address) => mcu.readUint16(address);
    const routines = {};
    for (let entry = half(0x14); half(entry); entry += 4) { // the bootrom's function table
      const code = half(entry);
      routines[String.fromCharCode(code & 0xff, code >> 8)] = half(entry + 2) & ~1;
    }
    const erase = routines.RE;
    const program = routines.RP;
    const execute = core.executeInstruction.bind(core);
    const ops = this.flashOps;
    core.executeInstruction = () => {
      const pc = core.PC;
      if (pc !== erase && pc !== program) return execute();
      const offset = core.registers[0] >>> 0;
      const count = core.registers[1] >>> 0;
      let nanos;
      if (pc === erase) {
        mcu.flash.fill(0xff, offset, offset + count);
        ops.erased += count;
        nanos = ERASE_NS_PER_SECTOR * Math.max(1, count / 4096);
      } else {
        const source = count;
        const length = core.registers[2] >>> 0;
        for (let i = 0; i < length; i++) mcu.flash[offset + i] &= mcu.readUint8(source + i);
        ops.programmed += length;
        nanos = PROGRAM_NS_PER_PAGE * Math.max(1, length / 256);
      }
      core.PC = core.LR & ~1; // return from the routine
      return Math.round(nanos / NS_PER_CYCLE);
    };
  }

  _pio() {
    const { clock } = this;
    for (const pio of this.mcu.pio) {
      const due = [Infinity, Infinity, Infinity, Infinity];
      const alarm = clock.createAlarm(() => step());
      let armed = false;
      const arm = () => {
        const soonest = Math.min(...due);
        if (soonest === Infinity) { armed = false; return; }
        alarm.schedule(Math.max(0, soonest - clock.nanos));
        armed = true;
      };
      const step = () => {
        armed = false;
        const now = clock.nanos;
        pio.machines.forEach((sm, i) => {
          if (!sm.enabled || pio.stopped) { due[i] = Infinity; return; }
          if (due[i] > now) return;
          const before = sm.cycles;
          sm.step();
          const cycles = Math.max(1, sm.cycles - before);
          const divider = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
          // waiting for its TX FIFO: asleep until the FIFO is written (writeFIFO wakes it)
          const starved = sm.waiting && sm.txFIFO.empty && (sm.waitType === WAIT_TX_FIFO || sm.waitType === WAIT_OUT);
          due[i] = starved ? Infinity : now + cycles * divider * NS_PER_CYCLE;
        });
        pio.checkChangedPins();
        arm();
      };
      pio.machines.forEach((sm, i) => {
        const write = sm.writeFIFO.bind(sm);
        sm.writeFIFO = (value) => {
          write(value);
          pio.checkChangedPins();
          if (sm.enabled && due[i] === Infinity) { due[i] = clock.nanos; if (!armed) arm(); }
        };
      });
      pio.run = () => {
        pio.machines.forEach((sm, i) => { if (sm.enabled && due[i] === Infinity) due[i] = clock.nanos; });
        arm();
      };
    }
  }

  /** Queue bytes from the host; they enter the CDC FIFO as it drains. */
  write(bytes) {
    for (const b of bytes) this.toDevice.push(b);
    this.pump();
  }

  pump() {
    const fifo = this.cdc.txFIFO;
    let n = 0;
    while (n < this.toDevice.length && !fifo.full) fifo.push(this.toDevice[n++]);
    if (n) this.toDevice.splice(0, n);
    if (this._heldRead && !fifo.empty) {
      const [endpoint, size] = this._heldRead;
      this._heldRead = null;
      this._answerRead(endpoint, size);
    }
  }

  /** Start from the reset vector of the flash's second stage (the bootrom's job on real silicon). */
  start() { this.core.PC = 0x10000000; }

  /** Execute about `budget` instructions' worth of emulated time; a reboot ends the batch. */
  run(budget) {
    const { clock } = this;
    for (let done = 0; done < budget && !this._rebootDue;) {
      const core = this.core;
      if (core.waiting) {
        const nanos = Math.max(clock.nanosToNextAlarm, NS_PER_CYCLE);
        clock.tick(nanos);
        this.idleNanos += nanos;
        done += nanos / NS_PER_CYCLE;
      } else {
        const nanos = core.executeInstruction() * NS_PER_CYCLE;
        clock.tick(nanos);
        this.busyNanos += nanos;
        done += 1;
      }
    }
    if (this._rebootDue) this.reboot();
    this.pump();
  }

  /** A warm reboot: a new RP2040 on the same clock, flash and watchdog registers. */
  reboot() {
    this._rebootDue = false;
    const flash = this.mcu.flash.slice();
    const dog = this.mcu.peripherals[WATCHDOG];
    this.sim.stop();
    this.clock.nextAlarm = null; // the old chip's timers die with it
    this._build(flash, dog);
    this.reboots++;
    for (const fn of this.setups) fn(this);
    this.start();
    this.onReboot(this.reboots);
  }
}
