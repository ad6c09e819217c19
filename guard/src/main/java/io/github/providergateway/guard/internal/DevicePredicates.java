package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the book's {@code devices} rules ask in code (issue 80, decision 95): on the connected phone
 * (read by {@link PhoneCommands}), another app removed or cleared ({@code phone-removes-app}), the
 * person's data read or pulled ({@code phone-reads-personal}), a call or a text started ({@code
 * phone-calls}), a protection turned off ({@code phone-protection-off}), the phone wiped ({@code
 * phone-wipes}); and on an iPhone, the same by {@code xcrun devicectl}. An emulator's calls hold
 * none of the phone's predicates. The GPUs' are {@link GpuPredicates}'.
 */
final class DevicePredicates {
  /** pm's and cmd package's subcommands that take an app away or empty it. */
  private static final Set<String> APP_REMOVERS =
      NameSet.of(
          "uninstall",
          "clear",
          "disable",
          "disable-user",
          "disable-until-used",
          "hide",
          "suspend",
          "reset-permissions");

  /** pm's options, before the package, that take a value. */
  private static final Set<String> PM_VALUES =
      NameSet.of("--user", "--cache-only", "--versionCode");

  /** The content providers that hold the person's messages, contacts, calls, photos. */
  private static final List<String> PERSONAL_PROVIDERS =
      List.of(
          "content://sms",
          "content://mms",
          "content://mms-sms",
          "content://contacts",
          "content://com.android.contacts",
          "content://call_log",
          "content://com.android.calendar",
          "content://browser",
          "content://telephony",
          "content://media/external",
          "content://com.android.externalstorage");

  /** The folders of shared storage that hold the person's photos, downloads and chats. */
  private static final List<String> PERSONAL_FOLDERS =
      List.of(
          "/dcim",
          "/pictures",
          "/movies",
          "/music",
          "/download",
          "/documents",
          "/recordings",
          "/whatsapp",
          "/telegram",
          "/screenshots",
          "/signal");

  /** The names shared storage goes by. */
  private static final List<String> STORAGE_ROOTS =
      List.of(
          "/storage/emulated/0",
          "/storage/self/primary",
          "/mnt/sdcard",
          "/sdcard",
          "/data/media/0");

  /** Programs on the device that read or copy a file they are given. */
  private static final Set<String> DEVICE_READERS =
      NameSet.of(
          "cat", "cp", "tar", "find", "sqlite3", "base64", "dd", "cpio", "zip", "head", "tail");

  /** The settings whose value off turns a protection off. */
  private static final Set<String> PROTECTION_SETTINGS =
      NameSet.of(
          "package_verifier_enable",
          "verifier_verify_adb_installs",
          "package_verifier_user_consent",
          "upload_apk_enable",
          "verifier_setting_visible");

  /** The settings whose value on lets any app in. */
  private static final Set<String> OPENING_SETTINGS = NameSet.of("install_non_market_apps");

  /** The intents that place a call. */
  private static final Set<String> CALL_ACTIONS =
      NameSet.of(
          "android.intent.action.CALL",
          "android.intent.action.CALL_PRIVILEGED",
          "android.intent.action.CALL_EMERGENCY");

  /** The intents that reset the phone to its factory state. */
  private static final Set<String> RESET_ACTIONS =
      NameSet.of(
          "android.intent.action.FACTORY_RESET",
          "android.intent.action.MASTER_CLEAR",
          "com.android.internal.intent.action.MASTER_CLEAR");

  private DevicePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "phone-removes-app",
        (scan, step, read) -> !PhoneCommands.emulator(scan, step) && removesApp(scan, step));
    named.put(
        "phone-reads-personal",
        (scan, step, read) -> !PhoneCommands.emulator(scan, step) && readsPersonal(step));
    named.put(
        "phone-calls", (scan, step, read) -> !PhoneCommands.emulator(scan, step) && calls(step));
    named.put(
        "phone-protection-off",
        (scan, step, read) -> !PhoneCommands.emulator(scan, step) && protectionOff(step));
    named.put(
        "phone-wipes", (scan, step, read) -> !PhoneCommands.emulator(scan, step) && wipes(step));
    named.put(
        "ios-removes-app",
        (scan, step, read) -> {
          List<Word> args = step.args();
          for (int i = 0; i + 1 < args.size(); i++) {
            String text = args.get(i).text();
            if ((text.equals("-U") || text.equals("--uninstall") || text.equals("uninstall"))
                && PhoneCommands.personal(args.get(i + 1).text())) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "devicectl-removes-app",
        (scan, step, read) -> {
          List<Word> args = step.args();
          if (!mentions(args, "devicectl") || !mentions(args, "uninstall")) {
            return false;
          }
          String last = args.get(args.size() - 1).text();
          return !last.startsWith("-") && PhoneCommands.personal(last);
        });
    named.put(
        "devicectl-reads-personal",
        (scan, step, read) -> {
          List<Word> args = step.args();
          if (!mentions(args, "devicectl") || !mentions(args, "copy")) {
            return false;
          }
          for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).text().equals("--domain-identifier")
                && PhoneCommands.personal(args.get(i + 1).text())) {
              return true;
            }
          }
          return false;
        });
  }

  static boolean mentions(List<Word> args, String text) {
    for (Word word : args) {
      if (word.text().equals(text)) {
        return true;
      }
    }
    return false;
  }

  private static boolean removesApp(Scan scan, Step step) {
    List<String> words = PhoneCommands.adbWords(step);
    if (!words.isEmpty() && words.get(0).equals("uninstall")) {
      return personalPackage(words, 1) || listed(scan, words, 1);
    }
    for (List<String> command : PhoneCommands.deviceCommands(step)) {
      int at = -1;
      if (command.get(0).equals("pm") && command.size() > 1) {
        at = 1;
      } else if (command.get(0).equals("cmd")
          && command.size() > 2
          && command.get(1).equals("package")) {
        at = 2;
      }
      if (at > 0
          && APP_REMOVERS.contains(command.get(at))
          && (personalPackage(command, at + 1) || listed(scan, command, at + 1))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the packages removed are the phone's list of them, fed in: {@code pm list packages |
   * xargs -n1 adb uninstall}, a loop over {@code $(adb shell pm list packages -3)}.
   */
  private static boolean listed(Scan scan, List<String> words, int from) {
    String source = scan.source();
    if (source == null || !source.contains("list packages")) {
      return false;
    }
    for (int i = from; i < words.size(); i++) {
      String word = words.get(i);
      if (PM_VALUES.contains(word)) {
        i++;
      } else if (!word.startsWith("-")) {
        return word.startsWith("$") || word.equals("{}");
      }
    }
    return true; // no package named: they come from the input
  }

  /** Whether the first word from {@code from} not an option (nor its value) is the person's. */
  private static boolean personalPackage(List<String> words, int from) {
    for (int i = from; i < words.size(); i++) {
      String word = words.get(i);
      if (PM_VALUES.contains(word)) {
        i++;
      } else if (!word.startsWith("-")) {
        return PhoneCommands.personal(word);
      }
    }
    return false;
  }

  private static boolean readsPersonal(Step step) {
    List<String> words = PhoneCommands.adbWords(step);
    if (!words.isEmpty() && words.get(0).equals("pull")) {
      for (String word : words.subList(1, words.size())) {
        if (!word.startsWith("-")) {
          return personalPath(word); // the device's path; the second is this machine's
        }
      }
      return false;
    }
    if (!words.isEmpty() && words.get(0).equals("backup")) {
      for (String word : words.subList(1, words.size())) {
        if (word.equals("-all") || word.equals("-shared")) {
          return true;
        }
        if (!word.startsWith("-") && !word.endsWith(".ab") && PhoneCommands.personal(word)) {
          return true;
        }
      }
      return false;
    }
    for (List<String> command : PhoneCommands.deviceCommands(step)) {
      String program = command.get(0);
      for (int i = 1; i < command.size(); i++) {
        String word = command.get(i);
        if (program.equals("content") && personalProvider(word)) {
          return true;
        }
        if (program.equals("dumpsys") && i == 1 && word.equals("account")) {
          return true; // the person's accounts: every address they sign in with
        }
        if (program.equals("run-as") && i == 1 && PhoneCommands.personal(word)) {
          return true;
        }
        if (DEVICE_READERS.contains(program) && personalPath(word.replaceFirst("^if=", ""))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean personalProvider(String word) {
    for (String provider : PERSONAL_PROVIDERS) {
      if (word.startsWith(provider)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a path on the device holds the person's photos, chats, downloads, or apps' data. */
  static boolean personalPath(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    while (lower.endsWith("/") && lower.length() > 1) {
      lower = lower.substring(0, lower.length() - 1);
    }
    lower = lower.replace("/*", "");
    for (String root : STORAGE_ROOTS) {
      if (lower.equals(root)) {
        return true; // the whole of shared storage
      }
      if (lower.startsWith(root + "/")) {
        String rest = lower.substring(root.length());
        for (String folder : PERSONAL_FOLDERS) {
          if (rest.equals(folder) || rest.startsWith(folder + "/")) {
            return true;
          }
        }
        if (rest.startsWith("/android/media/") || rest.startsWith("/android/data/")) {
          String[] parts = rest.split("/");
          return parts.length > 3 && PhoneCommands.personal(parts[3]);
        }
        return false;
      }
    }
    for (String apps : List.of("/data/data/", "/data/user/0/", "/data/user_de/0/")) {
      if (lower.startsWith(apps)) {
        String rest = lower.substring(apps.length());
        int slash = rest.indexOf('/');
        return PhoneCommands.personal(slash < 0 ? rest : rest.substring(0, slash));
      }
    }
    return lower.equals("/data")
        || lower.equals("/data/data")
        || lower.startsWith("/data/system")
        || lower.startsWith("/data/misc/keystore")
        || lower.equals("/data/media");
  }

  private static boolean calls(Step step) {
    for (List<String> command : PhoneCommands.deviceCommands(step)) {
      String program = command.get(0);
      if (program.equals("am")) {
        for (String word : command) {
          if (CALL_ACTIONS.contains(word)) {
            return true;
          }
        }
      }
      if (program.equals("am") && texts(command) && typed(step)) {
        return true; // a text's composer opened, then its send key pressed
      }
      if (program.equals("service")
          && command.size() > 2
          && command.get(1).equals("call")
          && (command.get(2).equals("phone") || command.get(2).equals("isms"))) {
        return true;
      }
    }
    return false;
  }

  /** Whether an intent opens a text's composer: {@code -d sms:…}, {@code smsto:}, {@code mms:}. */
  private static boolean texts(List<String> command) {
    for (String word : command) {
      if (word.startsWith("sms:") || word.startsWith("smsto:") || word.startsWith("mms:")) {
        return true;
      }
    }
    return false;
  }

  /** Whether the call presses keys or taps on the phone too. */
  private static boolean typed(Step step) {
    for (List<String> command : PhoneCommands.deviceCommands(step)) {
      if (command.get(0).equals("input")) {
        return true;
      }
    }
    return false;
  }

  private static boolean protectionOff(Step step) {
    for (List<String> command : PhoneCommands.deviceCommands(step)) {
      String program = command.get(0);
      if (program.equals("settings")
          && command.size() > 4
          && command.get(1).equals("put")
          && offending(command.get(3), command.get(4))) {
        return true;
      }
      if (program.equals("content") && command.contains("content://settings/global")
          || program.equals("content") && command.contains("content://settings/secure")) {
        String name = null;
        String value = null;
        for (String word : command) {
          if (word.startsWith("name:")) {
            name = word.substring(word.lastIndexOf(':') + 1);
          } else if (word.startsWith("value:")) {
            value = word.substring(word.lastIndexOf(':') + 1);
          }
        }
        if (name != null && value != null && offending(name, value)) {
          return true;
        }
      }
      if (program.equals("dpm")
          && command.size() > 1
          && (command.get(1).equals("remove-active-admin")
              || command.get(1).equals("clear-device-owner")
              || command.get(1).equals("clear-profile-owner"))) {
        return true;
      }
      if (program.equals("locksettings")
          && command.size() > 1
          && (command.get(1).equals("clear")
              || command.get(1).startsWith("set-p") // set-pin, set-password, set-pattern
              || command.get(1).equals("set-disabled") && command.contains("true"))) {
        return true;
      }
      if (program.equals("setenforce")
          && command.size() > 1
          && (command.get(1).equals("0") || command.get(1).equalsIgnoreCase("permissive"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean offending(String setting, String value) {
    return PROTECTION_SETTINGS.contains(setting) && value.equals("0")
        || OPENING_SETTINGS.contains(setting) && value.equals("1");
  }

  private static boolean wipes(Step step) {
    for (List<String> command : PhoneCommands.deviceCommands(step)) {
      String program = command.get(0);
      if (program.equals("recovery") && command.contains("--wipe_data")) {
        return true;
      }
      if (program.equals("am")) {
        for (String word : command) {
          if (RESET_ACTIONS.contains(word)) {
            return true;
          }
        }
      }
      if (program.equals("dd")) {
        for (String word : command) {
          if (word.startsWith("of=/dev/block")) {
            return true;
          }
        }
      }
      if (program.equals("rm") || program.equals("wipe") || program.equals("blkdiscard")) {
        for (String word : command.subList(1, command.size())) {
          if (personalPath(word) || word.startsWith("/dev/block")) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
