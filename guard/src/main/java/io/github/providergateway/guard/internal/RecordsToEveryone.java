package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * People's records carried to a place everyone reaches ({@code out.records-to-everyone}): a file
 * whose path says whose records it holds ({@link PersonalData#names}: an IEP, safeguarding notes,
 * patients) printed on a printer named for a public room ({@code lp -d LIB-Public-Copier
 * /mnt/fs01/sped/IEP/2025/a.pdf}), or copied into a folder named for everyone ({@code cp -r
 * …/safeguarding /mnt/fs01/public/}, {@code …/All Staff/…}). The records stay in the organisation,
 * so no rule of data leaving read it; those who may see them are a few, and the place is
 * everyone's. The same file printed in its team's office or copied to its team's folder is the
 * work.
 */
final class RecordsToEveryone {
  private RecordsToEveryone() {}

  /** The printing programs, and their options that name the printer. */
  private static final Set<String> PRINTERS = NameSet.of("lp", "lpr");

  private static final Set<String> PRINTER_OPTIONS = NameSet.of("-d", "-P", "--destination");

  /** The copiers whose last operand is where the copy goes. */
  private static final Set<String> COPIERS = NameSet.of("cp", "rsync", "mv", "rclone", "scp");

  /** A place's words that say everyone reaches it. */
  private static final Set<String> EVERYONE =
      NameSet.of(
          "public",
          "everyone",
          "everybody",
          "allstaff",
          "companywide",
          "library",
          "lobby",
          "guest",
          "guests",
          "visitor",
          "visitors",
          "reception",
          "foyer",
          "kiosk",
          "commons");

  /** Who {@code all} names where it says everyone: {@code All Staff}, {@code all-users}. */
  private static final Set<String> ALL_OF = NameSet.of("staff", "users", "employees", "company");

  /** Whether {@code step} prints or copies people's records to a place everyone reaches. */
  static boolean found(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (PRINTERS.contains(program)) {
      return printsRecords(args);
    }
    if (!COPIERS.contains(program) || args.size() < 2) {
      return false;
    }
    String target = args.get(args.size() - 1).text();
    if (!everyones(target)) {
      return false;
    }
    for (Word word : args.subList(0, args.size() - 1)) {
      String text = word.text();
      if (!text.startsWith("-") && PersonalData.names(text) && !everyones(text)) {
        return true;
      }
    }
    return false;
  }

  private static boolean printsRecords(List<Word> args) {
    boolean everyones = false;
    boolean records = false;
    for (int i = 0; i < args.size() && i < 64; i++) {
      String text = args.get(i).text();
      String printer = null;
      if (PRINTER_OPTIONS.contains(text) && i + 1 < args.size()) {
        printer = args.get(++i).text();
      } else if ((text.startsWith("-d") || text.startsWith("-P")) && text.length() > 2) {
        printer = text.substring(2);
      } else if (text.startsWith("--destination=")) {
        printer = text.substring(text.indexOf('=') + 1);
      } else if (text.startsWith("-")) {
        continue;
      }
      if (printer != null) {
        everyones |= everyones(printer);
      } else {
        records |= PersonalData.names(text);
      }
    }
    return everyones && records;
  }

  /** Whether a place's name says everyone reaches it. */
  static boolean everyones(String place) {
    if (place.length() > 512) {
      return false;
    }
    List<String> parts =
        List.of(
            place
                .replaceAll("([a-z])([A-Z])", "$1 $2")
                .toLowerCase(Locale.ROOT)
                .split("[^a-z0-9]+"));
    for (int i = 0; i < parts.size(); i++) {
      String part = parts.get(i);
      if (EVERYONE.contains(part)
          || part.equals("all") && i + 1 < parts.size() && ALL_OF.contains(parts.get(i + 1))) {
        return true;
      }
    }
    return false;
  }
}
