package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The programs besides sed, perl and yq that change a file in place, their changes written as sed
 * scripts for {@link SedSubstitutions} (decision 326): {@code ex}, {@code vi -e}, {@code vim -es},
 * {@code nvim --headless} with their {@code :s} and {@code :g/…/d} commands (from {@code -c},
 * {@code +cmd} or a here-document); {@code gawk -i inplace}'s and {@code ruby -pi}'s {@code
 * sub}/{@code gsub} and a line dropped ({@code !/re/}, {@code next if /re/}); {@code sd FIND
 * REPLACE FILE}. Before it, every reader of a change made in place read the four programs alone,
 * and the same change said by another editor went unread.
 */
final class InPlaceEditors {
  private InPlaceEditors() {}

  /** The editors read here. */
  static final Set<String> PROGRAMS =
      NameSet.of("ex", "vi", "vim", "nvim", "awk", "gawk", "ruby", "sd");

  /** What an editor changes: its scripts in sed's words, and the files it changes. */
  record Edit(List<String> scripts, List<String> files) {}

  /** The delimiter of a script built here: not a letter, a digit or a blank, and never typed. */
  private static final char SEP = '\u0001';

  /** A {@code sub}/{@code gsub} of a regex or a literal by a literal (awk's, ruby's). */
  private static final Pattern SUB =
      Pattern.compile(
          "\\bg?sub!?\\s*\\(\\s*(?:/((?:[^/\\\\]|\\\\.){1,200})/|(['\"])(.{1,200}?)\\2)"
              + "\\s*,\\s*(['\"])(.{0,200}?)\\4");

  /** A line dropped where a regex matches: awk's {@code !/re/}, ruby's {@code next if /re/}. */
  private static final Pattern DROPS =
      Pattern.compile(
          "(?:^\\s*!\\s*/((?:[^/\\\\]|\\\\.){1,200})/"
              + "|\\bnext\\s+if\\s+(?:\\$_\\s*=~\\s*)?/((?:[^/\\\\]|\\\\.){1,200})/"
              + "|^\\s*/((?:[^/\\\\]|\\\\.){1,200})/\\s*\\{\\s*next\\s*;?\\s*\\})");

  /**
   * {@return what the step's editor changes in place, or null where it is none of these or changes
   * no file}
   */
  static Edit of(Step step) {
    String program = step.program();
    if (!PROGRAMS.contains(program)) {
      return null;
    }
    List<Word> args = step.args();
    Edit edit =
        switch (program) {
          case "ex", "vi", "vim", "nvim" -> vi(step, args);
          case "awk", "gawk" -> awk(args);
          case "ruby" -> ruby(args);
          default -> sd(args);
        };
    return edit == null || edit.scripts().isEmpty() || edit.files().isEmpty() ? null : edit;
  }

  /** The vi family run as a batch editor: its ex commands, and the files named. */
  private static Edit vi(Step step, List<Word> args) {
    boolean batch = step.program().equals("ex");
    List<String> commands = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text == null) {
        continue;
      }
      if (text.matches("-[A-Za-z]*c") && !text.startsWith("--") && i + 1 < args.size()) {
        batch |= text.length() > 2 && text.matches("-[A-Za-z]*[es][A-Za-z]*");
        commands.add(args.get(++i).text()); // -c CMD, and ex's -sc CMD
      } else if (text.equals("--cmd") && i + 1 < args.size()) {
        commands.add(args.get(++i).text());
      } else if (text.startsWith("+") && text.length() > 1) {
        commands.add(text.substring(1));
      } else if (text.equals("--headless") || text.matches("-[A-Za-z]*[es][A-Za-z]*")) {
        batch = true;
      } else if (!text.startsWith("-")) {
        files.add(text);
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        commands.addAll(redirect.body().lines().limit(64).toList()); // ex -s FILE <<EOF
        batch = true;
      }
    }
    List<String> scripts = new ArrayList<>();
    for (String command : commands) {
      for (String part : command.split("\\|")) {
        String script = exCommand(part);
        if (script != null) {
          scripts.add(script);
        }
      }
    }
    return batch || !commands.isEmpty() ? new Edit(scripts, files) : null;
  }

  /**
   * An ex command as sed's: {@code :%s/a/b/g} as {@code s/a/b/g}, {@code g/re/d} as {@code /re/d}.
   */
  private static String exCommand(String command) {
    String text = command == null ? "" : command.strip();
    text = text.replaceFirst("^:+", "").replaceFirst("^(?:%|[0-9.$]+(?:,[0-9.$]+)?)", "");
    if (text.startsWith("g/") || text.startsWith("global/")) {
      return text.substring(text.indexOf('/')); // g/re/d, g/re/s/a/b/: sed's address
    }
    return text.startsWith("s") && text.length() > 1 && "/#|:@,".indexOf(text.charAt(1)) >= 0
        ? text
        : null;
  }

  /** gawk's program under {@code -i inplace}, and the files after it. */
  private static Edit awk(List<Word> args) {
    boolean inPlace = false;
    String program = null;
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text == null) {
        continue;
      }
      if ((text.equals("-i") || text.equals("--include")) && i + 1 < args.size()) {
        inPlace |= args.get(++i).text().startsWith("inplace");
      } else if (text.startsWith("-iinplace") || text.startsWith("--include=inplace")) {
        inPlace = true;
      } else if ((text.equals("-v") || text.equals("-F") || text.equals("-f"))
          && i + 1 < args.size()) {
        i++;
      } else if (text.startsWith("-")) {
        continue;
      } else if (program == null) {
        program = text;
      } else if (!text.contains("=")) {
        files.add(text); // a var=value word is an assignment, not a file
      }
    }
    return inPlace && program != null ? new Edit(codeScripts(program), files) : null;
  }

  /** ruby {@code -pi}/{@code -i -pe}: its code's substitutions and lines dropped. */
  private static Edit ruby(List<Word> args) {
    boolean inPlace = false;
    List<String> code = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text == null) {
        continue;
      }
      if (text.startsWith("-") && !text.startsWith("--")) {
        inPlace |= text.indexOf('i') > 0;
        if (text.endsWith("e") && i + 1 < args.size()) {
          code.add(args.get(++i).text());
        } else if ((text.equals("-r") || text.equals("-I")) && i + 1 < args.size()) {
          i++;
        }
      } else if (!text.startsWith("-") && !code.isEmpty()) {
        files.add(text);
      }
    }
    List<String> scripts = new ArrayList<>();
    for (String each : code) {
      scripts.addAll(codeScripts(each));
    }
    return inPlace ? new Edit(scripts, files) : null;
  }

  /** sd's FIND and REPLACE, then its files: sd changes them in place unless told to preview. */
  private static Edit sd(List<Word> args) {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text == null) {
        continue;
      }
      if (text.equals("-p") || text.equals("--preview")) {
        return null;
      }
      if ((text.equals("-f")
              || text.equals("--flags")
              || text.equals("-n")
              || text.equals("--max-replacements"))
          && i + 1 < args.size()) {
        i++;
      } else if (!text.startsWith("-")) {
        words.add(text);
      }
    }
    if (words.size() < 3) {
      return null;
    }
    String script = "s" + SEP + words.get(0) + SEP + words.get(1) + SEP;
    return new Edit(List.of(script), words.subList(2, words.size()));
  }

  /** The substitutions and dropped lines of awk's or ruby's code, in sed's words. */
  static List<String> codeScripts(String code) {
    List<String> scripts = new ArrayList<>();
    if (code == null) {
      return scripts;
    }
    Matcher sub = SUB.matcher(code);
    while (sub.find() && scripts.size() < 16) {
      String old = sub.group(1) != null ? sub.group(1) : quoteRegex(sub.group(3));
      scripts.add("s" + SEP + old + SEP + sub.group(5) + SEP);
    }
    addDropped(DROPS, code, scripts);
    return scripts;
  }

  /**
   * What perl's {@code -n}/{@code -p} code does to a line besides {@code s///}, in sed's words: a
   * line dropped ({@code print unless /re/}, {@code next if /re/}) or replaced ({@code $_ =
   * "text\n" if /re/}).
   */
  static List<String> perlScripts(String code) {
    List<String> scripts = new ArrayList<>();
    if (code == null) {
      return scripts;
    }
    addDropped(PERL_DROPS, code, scripts);
    Matcher set = PERL_SETS.matcher(code);
    while (set.find() && scripts.size() < 16) {
      scripts.add("/" + set.group(3) + "/c\\" + set.group(2).replace("\\n", ""));
    }
    return scripts;
  }

  /**
   * perl's line dropped: {@code print unless /re/}, {@code print if !/re/}, {@code next if /re/}.
   */
  private static final Pattern PERL_DROPS =
      Pattern.compile(
          "\\bprint\\s+(?:unless\\s+|if\\s+!\\s*)/((?:[^/\\\\]|\\\\.){1,200})/"
              + "|\\bnext\\s+(?:LINE\\s+)?if\\s+/((?:[^/\\\\]|\\\\.){1,200})/");

  /** perl's line replaced: {@code $_ = "enforce_mfa = false\n" if /^enforce_mfa/}. */
  private static final Pattern PERL_SETS =
      Pattern.compile("\\$_\\s*=\\s*(['\"])(.{1,200}?)\\1\\s+if\\s+/((?:[^/\\\\]|\\\\.){1,200})/");

  /** Each line a pattern finds dropped, as sed's {@code /re/d}: the regex its group found. */
  private static void addDropped(Pattern drops, String code, List<String> scripts) {
    Matcher drop = drops.matcher(code);
    while (drop.find() && scripts.size() < 16) {
      for (int group = 1; group <= drop.groupCount(); group++) {
        if (drop.group(group) != null) {
          scripts.add("/" + drop.group(group) + "/d");
          break;
        }
      }
    }
  }

  /** A literal's regex characters escaped, so that the sed reader reads it as written. */
  private static String quoteRegex(String literal) {
    return literal.replaceAll("([*+?^$\\\\])", "\\\\$1");
  }
}
