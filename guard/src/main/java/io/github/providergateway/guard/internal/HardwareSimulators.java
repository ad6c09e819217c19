package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * Whether a hardware tool is pointed at a simulator of the hardware rather than the hardware (issue
 * 80, round 8's must-allow cases): flashrom's {@code dummy} programmer emulates a flash chip backed
 * by a file, and the TPM tools' {@code swtpm} and {@code mssim} transports reach a software TPM
 * whose state is a folder. Writing or clearing them is a test of an image or a script, the usual
 * way to try it before a board is in hand; nothing the machine keeps changes.
 *
 * <p>Only the tool's own words are read: the programmer ({@code -p}, {@code --programmer}) and the
 * transport ({@code -T}, {@code --tcti}, both with the value attached or after the option). A
 * transport set by the environment ({@code TPM2TOOLS_TCTI}) is not seen, so such a call stays what
 * the rule says of real hardware: the person is told, and may allow it.
 */
final class HardwareSimulators {
  private HardwareSimulators() {}

  /** Whether flashrom's programmer is the {@code dummy} one (an emulated chip, a file). */
  static boolean flashromDummy(List<Word> args) {
    String programmer = value(Argv.of(args, "p", "programmer"), 'p', "programmer");
    return programmer != null && (programmer.equals("dummy") || programmer.startsWith("dummy:"));
  }

  /** Whether a TPM tool's transport is a software TPM ({@code swtpm}) or the simulator. */
  static boolean softwareTpm(List<Word> args) {
    String tcti = value(Argv.of(args, "T", "tcti"), 'T', "tcti");
    if (tcti == null) {
      return false;
    }
    String kind = tcti.toLowerCase(Locale.ROOT);
    return kind.equals("swtpm")
        || kind.startsWith("swtpm:")
        || kind.equals("mssim")
        || kind.startsWith("mssim:");
  }

  /** The option's value, short ({@code -pX}, {@code -p X}) or long ({@code --long[=]X}). */
  private static String value(Argv argv, char shortName, String longName) {
    String value = argv.value(shortName);
    return value != null ? value : argv.value(longName);
  }
}
