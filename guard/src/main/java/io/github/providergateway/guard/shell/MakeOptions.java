package io.github.providergateway.guard.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code make}'s options say about the makefiles it reads, as GNU make's {@code getopt_long}
 * takes them: {@code -f FILE}, {@code -fFILE} in a cluster ({@code -sf FILE}), {@code --file=FILE}
 * and its unique beginnings ({@code --fil}), {@code --makefile}; {@code --eval TEXT}, {@code
 * --ev=TEXT}, make 4.4's {@code -E TEXT}; {@code -C DIR}, {@code --directory=DIR}, in which the
 * makefiles are looked for. The red team of the shell reading (issue 80, {@code rtw-158}…{@code
 * 164}) ran recipes through each spelling the reading did not know.
 *
 * @param makefiles the makefiles named, in order (none: make's own names are looked for)
 * @param evals the texts given to be read as makefiles
 * @param directory the folder make changes to first, or {@code null}
 */
record MakeOptions(List<String> makefiles, List<String> evals, String directory) {

  /** make's short options that take a value: the rest of the cluster, else the next word. */
  private static final String SHORT_VALUES = "CfIoWE";

  /**
   * make's options read from its words.
   *
   * @param words the command's words, make's name first
   * @return what they say
   */
  static MakeOptions of(List<Word> words) {
    List<String> makefiles = new ArrayList<>();
    List<String> evals = new ArrayList<>();
    String directory = null;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      String next = i + 1 < words.size() ? words.get(i + 1).text() : null;
      if (t.equals("--")) {
        break;
      }
      if (t.startsWith("--")) {
        int eq = t.indexOf('=');
        String name = eq > 0 ? t.substring(2, eq) : t.substring(2);
        String value = eq > 0 ? t.substring(eq + 1) : next;
        String option = longOption(name);
        if (option == null || value == null) {
          continue;
        }
        i += eq > 0 ? 0 : 1;
        switch (option) {
          case "file" -> makefiles.add(value);
          case "eval" -> evals.add(value);
          default -> directory = joined(directory, value);
        }
      } else if (t.startsWith("-") && t.length() > 1) {
        for (int k = 1; k < t.length(); k++) {
          char c = t.charAt(k);
          if (SHORT_VALUES.indexOf(c) < 0) {
            continue;
          }
          String value = k + 1 < t.length() ? t.substring(k + 1) : next;
          if (value == null) {
            break;
          }
          i += k + 1 < t.length() ? 0 : 1;
          if (c == 'f') {
            makefiles.add(value);
          } else if (c == 'E') {
            evals.add(value);
          } else if (c == 'C') {
            directory = joined(directory, value);
          }
          break;
        }
      }
    }
    return new MakeOptions(List.copyOf(makefiles), List.copyOf(evals), directory);
  }

  /**
   * The option a long name stands for, by a beginning no other of make's long options has: {@code
   * file} ({@code --file}, {@code --makefile}), {@code eval}, {@code directory}; null for another.
   */
  private static String longOption(String name) {
    if (!name.isEmpty() && "file".startsWith(name)
        || name.length() >= 3 && "makefile".startsWith(name)) {
      return "file"; // --f: no other long option of make begins so; --ma is --max-load's too
    }
    if (name.length() >= 2 && "eval".startsWith(name)) {
      return "eval"; // --e is --environment-overrides' too
    }
    if (name.length() >= 2 && "directory".startsWith(name)) {
      return "directory"; // --d is --debug's too
    }
    return null;
  }

  /** {@code -C a -C b} is {@code a/b}, as make changes to each in turn. */
  private static String joined(String directory, String value) {
    return directory == null || value.startsWith("/") ? value : directory + "/" + value;
  }

  /**
   * The paths of the makefiles make reads, as the call's written files are kept: those named, else
   * make's own names, in the folder of {@code -C}.
   *
   * @return the paths, in the order make looks for them
   */
  List<String> paths() {
    List<String> names =
        makefiles.isEmpty() ? List.of("GNUmakefile", "makefile", "Makefile") : makefiles;
    List<String> paths = new ArrayList<>(names.size());
    for (String name : names) {
      paths.add(
          directory == null || name.startsWith("/")
              ? SameCallFiles.plainPath(name)
              : SameCallFiles.plainPath(directory + "/" + name));
    }
    return paths;
  }
}
