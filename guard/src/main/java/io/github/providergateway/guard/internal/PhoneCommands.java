package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The connected phone as the {@code devices.phone-*} rules read it (decision 95): what an {@code
 * adb} call asks of the device (its own subcommand, or the commands {@code adb shell} and {@code
 * adb exec-out} run there, split at {@code ;}, {@code &&}, {@code ||} and {@code |} and read
 * through {@code su -c} and {@code sh -c}), whether it is an emulator's ({@code -e}, {@code -s
 * emulator-…}, {@code ANDROID_SERIAL=emulator-…}: no one's data), and which packages are the
 * person's rather than the project's: the system's ({@code com.android.…}, a maker's) and the
 * well-known personal apps (messengers, authenticators, wallets, banks). A package the guard does
 * not know is taken as the project's own: the project's app is installed, cleared and uninstalled
 * all day.
 */
final class PhoneCommands {
  /** The longest device command read; a longer one is read no further. */
  private static final int MAX_TEXT = 8192;

  /** The words that end a device's command. */
  private static final Set<String> SEPARATORS = NameSet.of(";", "&&", "||", "|", "&");

  /** adb's own options that take a value. */
  private static final Set<String> ADB_VALUES = NameSet.of("-s", "-t", "-H", "-P", "-L");

  /** The system's packages, and the makers'. */
  private static final List<String> SYSTEM_PREFIXES =
      List.of(
          "com.android.",
          "com.google.android.",
          "com.samsung.",
          "com.sec.",
          "com.miui.",
          "com.xiaomi.",
          "com.huawei.",
          "com.hihonor.",
          "com.oneplus.",
          "com.oplus.",
          "com.oppo.",
          "com.coloros.",
          "com.motorola.",
          "com.qualcomm.",
          "com.qti.",
          "com.mediatek.",
          "com.lge.",
          "com.sonymobile.",
          "com.htc.",
          "com.asus.",
          "com.vivo.",
          "com.bbk.",
          "com.nothing.",
          "com.apple.",
          "vendor.");

  /** The well-known personal apps, Android's and iOS's, and the families they come in. */
  private static final List<String> PERSONAL_PREFIXES =
      List.of(
          "com.whatsapp",
          "net.whatsapp.",
          "org.telegram.",
          "ph.telegra.",
          "org.thoughtcrime.securesms",
          "org.whispersystems.",
          "com.facebook.",
          "com.instagram.",
          "com.burbn.instagram",
          "com.snapchat.",
          "com.toyopagroup.picaboo",
          "com.twitter.",
          "com.atebits.",
          "com.zhiliaoapp.",
          "com.linkedin.",
          "com.viber.",
          "com.discord",
          "com.skype.",
          "com.microsoft.teams",
          "com.microsoft.office.",
          "com.microsoft.azureauthenticator",
          "com.azure.authenticator",
          "com.google.authenticator",
          "com.authy.",
          "com.duosecurity.",
          "com.beemdevelopment.aegis",
          "org.fedorahosted.freeotp",
          "com.lastpass.",
          "com.x8bit.bitwarden",
          "com.8bit.bitwarden",
          "com.agilebits.",
          "com.dashlane",
          "com.paypal.",
          "com.venmo",
          "com.squareup.cash",
          "com.coinbase.",
          "io.metamask",
          "com.wallet.crypto.",
          "com.spotify.",
          "com.netflix.",
          "com.amazon.",
          "com.ubercab",
          "org.mozilla.",
          "com.brave.",
          "com.opera.",
          "ch.protonmail.",
          "me.proton.",
          "com.tinder",
          "com.bumble.",
          "com.slack");

  /** A part of a package's name that says it holds money or keys: a bank's app, a wallet. */
  private static final Set<String> PERSONAL_PARTS =
      NameSet.of(
          "bank",
          "banking",
          "wallet",
          "authenticator",
          "authenticator2",
          "otp",
          "2fa",
          "passwords",
          "passwordmanager",
          "keychain");

  private PhoneCommands() {}

  /**
   * Whether a package or bundle is the person's: the system's, or a well-known personal app.
   *
   * @param name the package's name, as given
   * @return whether it is the person's rather than the project's
   */
  static boolean personal(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    int slash = lower.indexOf('/');
    if (slash > 0) {
      lower = lower.substring(0, slash); // com.acme.mdm/.AdminReceiver: the package
    }
    if (lower.equals("android") || lower.equals("system")) {
      return true;
    }
    for (String prefix : SYSTEM_PREFIXES) {
      if (lower.startsWith(prefix)) {
        return true;
      }
    }
    for (String prefix : PERSONAL_PREFIXES) {
      if (lower.startsWith(prefix) && lower.length() <= prefix.length() + 40) {
        return true;
      }
    }
    for (String part : lower.split("[._]")) {
      if (PERSONAL_PARTS.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an adb call is aimed at an emulator, whose data is no one's.
   *
   * @param scan the call
   * @param step the adb program
   * @return whether {@code -e}, a serial {@code emulator-…} or {@code ANDROID_SERIAL=emulator-…}
   *     names one
   */
  static boolean emulator(Scan scan, Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-e")) {
        return true;
      }
      if (text.equals("-s") && i + 1 < args.size()) {
        return args.get(i + 1).text().startsWith("emulator-");
      }
      if (!text.startsWith("-")) {
        break;
      }
    }
    String source = scan.source();
    return source != null && source.contains("ANDROID_SERIAL=emulator-");
  }

  /**
   * The adb subcommand and what follows it, adb's own options read past.
   *
   * @param step the adb program
   * @return the subcommand first, then its words; empty for none
   */
  static List<String> adbWords(Step step) {
    List<Word> args = step.args();
    int i = 0;
    while (i < args.size()) {
      String text = args.get(i).text();
      if (ADB_VALUES.contains(text)) {
        i += 2;
      } else if (text.startsWith("-")) {
        i++;
      } else {
        break;
      }
    }
    List<String> words = new ArrayList<>();
    for (int j = i; j < args.size(); j++) {
      words.add(args.get(j).text());
    }
    return words;
  }

  /**
   * The commands an adb call runs on the device: each a list of words.
   *
   * @param step the adb program
   * @return the device's commands; empty when it runs none
   */
  static List<List<String>> deviceCommands(Step step) {
    List<String> words = adbWords(step);
    if (words.isEmpty() || !(words.get(0).equals("shell") || words.get(0).equals("exec-out"))) {
      return List.of();
    }
    StringBuilder text = new StringBuilder();
    int i = 1;
    while (i < words.size() && words.get(i).startsWith("-") && words.get(i).length() <= 3) {
      i++; // adb shell's own -n -t -T -x
    }
    for (; i < words.size() && text.length() <= MAX_TEXT; i++) {
      text.append(words.get(i)).append(' ');
    }
    List<List<String>> commands = new ArrayList<>();
    split(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text.toString(), commands, 0);
    return commands;
  }

  /** Splits a device's command text into commands, reading through su -c and sh -c. */
  private static void split(String text, List<List<String>> into, int depth) {
    List<String> command = new ArrayList<>();
    for (String word : words(text)) {
      if (SEPARATORS.contains(word)) {
        add(command, into, depth);
        command = new ArrayList<>();
      } else {
        command.add(word);
      }
    }
    add(command, into, depth);
  }

  private static void add(List<String> command, List<List<String>> into, int depth) {
    if (command.isEmpty() || into.size() >= 32) {
      return;
    }
    String program = command.get(0);
    if ((program.equals("su") || program.equals("sh") || program.equals("bash")) && depth < 3) {
      int c = command.indexOf("-c");
      if (c >= 0 && c + 1 < command.size()) {
        split(String.join(" ", command.subList(c + 1, command.size())), into, depth + 1);
        return;
      }
      if (program.equals("su")) {
        int start = 1;
        while (start < command.size()
            && (command.get(start).equals("root") || command.get(start).matches("\\d{1,5}"))) {
          start++;
        }
        if (start < command.size()) {
          add(new ArrayList<>(command.subList(start, command.size())), into, depth + 1);
        }
        return;
      }
    }
    into.add(command);
  }

  /** A device shell's words: quotes taken off, the separators words of their own. */
  private static List<String> words(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean in = false;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        in = true;
      } else if (Character.isWhitespace(c)) {
        if (in) {
          words.add(word.toString());
          word.setLength(0);
          in = false;
        }
      } else if (c == ';' || c == '|' || c == '&') {
        if (in) {
          words.add(word.toString());
          word.setLength(0);
          in = false;
        }
        boolean doubled = i + 1 < text.length() && text.charAt(i + 1) == c && c != ';';
        words.add(doubled ? "" + c + c : String.valueOf(c));
        i += doubled ? 1 : 0;
      } else {
        word.append(c);
        in = true;
      }
    }
    if (in) {
      words.add(word.toString());
    }
    return words;
  }
}
