package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Firmware's own spellings of a switch (decision 237), for {@link SafeguardSettings}: Kconfig's
 * {@code CONFIG_X=y} and {@code =n}, its {@code # CONFIG_X is not set}, a choice's {@code _NONE},
 * and C's {@code #define X 0}; a {@code #define} of another number is a setting of that number.
 */
final class FirmwareSwitches {
  private FirmwareSwitches() {}

  /** A Kconfig choice's words that make its {@code _NONE} a protection chosen away. */
  private static final Set<String> CHOSEN_PROTECTIONS =
      Set.of("signature", "sign", "signing", "auth", "authen", "encrypt", "encryption", "validate");

  /** A C or C++ switch: {@code #define WELD_CHECK_ENABLED 0}. */
  private static final Pattern DEFINE =
      Pattern.compile("#\\s*define\\s+([A-Za-z_]\\w{0,80})\\s+(0|1|true|false|TRUE|FALSE)\\b");

  /**
   * A C or C++ constant's number: {@code #define OVERLOAD_TRIP_PCT 110}, {@code (125U)} (round 66):
   * read as {@code OVERLOAD_TRIP_PCT = 110}, for the protective numbers' reading.
   */
  private static final Pattern DEFINE_NUMBER =
      Pattern.compile(
          "#\\s*define\\s+([A-Za-z_]\\w{0,80})\\s+\\(?\\s*(-?\\d{1,12}(?:\\.\\d{1,12})?)"
              + "[uUlLfF]{0,3}\\s*\\)?\\s*(?:$|//|/\\*)");

  /** A Kconfig switch left out: {@code # CONFIG_MCUBOOT_DOWNGRADE_PREVENTION is not set}. */
  private static final Pattern NOT_SET = Pattern.compile("#\\s*(CONFIG_\\w{1,80}) is not set");

  /**
   * The setting a line that reads as a comment elsewhere gives: a {@code #define} with its value, a
   * Kconfig switch left out as {@code n}.
   *
   * @param line the line, stripped
   * @param context its sections
   * @return the setting, or {@code null}
   */
  static SafeguardSettings.Setting setting(String line, String context) {
    Matcher define = DEFINE.matcher(line);
    if (define.lookingAt()) {
      return new SafeguardSettings.Setting(define.group(1), context, define.group(2), line);
    }
    Matcher number = DEFINE_NUMBER.matcher(line);
    if (number.lookingAt()) {
      String key = number.group(1);
      return new SafeguardSettings.Setting(
          key, context, number.group(2), key + " = " + number.group(2));
    }
    Matcher notSet = NOT_SET.matcher(line);
    if (notSet.lookingAt()) {
      return new SafeguardSettings.Setting(notSet.group(1), context, "n", line);
    }
    return null;
  }

  /** {@return whether a setting is Kconfig's, whose {@code y} and {@code n} switch} */
  static boolean kconfig(SafeguardSettings.Setting setting) {
    return setting.key().startsWith("CONFIG_");
  }

  /**
   * Whether a Kconfig choice switched on is the {@code _NONE} of a signature, a signing, an
   * authentication, an encryption or a validation ({@code CONFIG_BOOT_SIGNATURE_TYPE_NONE=y}).
   *
   * @param setting the setting, switched on
   * @param key its key's words
   * @param was its value before, or {@code null}
   * @return whether it is
   */
  static boolean protectionChosenAway(
      SafeguardSettings.Setting setting, List<String> key, String was) {
    return kconfig(setting)
        && key.get(key.size() - 1).equals("none")
        && SafeguardEdits.has(key, CHOSEN_PROTECTIONS)
        && !setting.value().equalsIgnoreCase(was == null ? "" : was);
  }
}
