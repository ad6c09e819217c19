package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The person's running work killed by name (session 17, round 74's {@code killall -9 ardour8
 * reaper}): {@code killall} or {@code pkill} of a DAW, a video, image or 3D editor, an office suite
 * or an IDE, or {@code kill} of the process ids {@code pgrep} or {@code pidof} finds for one. What
 * was not saved is gone, and a session killed mid-write may not open again. A signal that does not
 * end the process ({@code -0}, a check) is not read.
 */
final class EditorKills {
  private EditorKills() {}

  /** The applications a person works in, as their processes are named (version digits aside). */
  private static final Set<String> EDITORS =
      Set.of(
          "ardour",
          "reaper",
          "bitwig-studio",
          "bitwig",
          "ableton live",
          "logic pro",
          "logic pro x",
          "garageband",
          "pro tools",
          "cubase",
          "nuendo",
          "studio one",
          "lmms",
          "musescore",
          "mscore",
          "audacity",
          "rosegarden",
          "qtractor",
          "zrythm",
          "renoise",
          "fl64",
          "fl studio",
          "blender",
          "gimp",
          "krita",
          "inkscape",
          "darktable",
          "rawtherapee",
          "digikam",
          "kdenlive",
          "shotcut",
          "openshot",
          "openshot-qt",
          "resolve",
          "davinci resolve",
          "final cut pro",
          "premiere",
          "adobe premiere pro",
          "photoshop",
          "adobe photoshop",
          "lightroom",
          "illustrator",
          "indesign",
          "after effects",
          "natron",
          "olive-editor",
          "scribus",
          "soffice",
          "soffice.bin",
          "libreoffice",
          "lowriter",
          "localc",
          "microsoft word",
          "microsoft excel",
          "microsoft powerpoint",
          "winword",
          "excel",
          "keynote",
          "code",
          "codium",
          "code-oss",
          "idea",
          "pycharm",
          "webstorm",
          "clion",
          "goland",
          "rider",
          "phpstorm",
          "rubymine",
          "android-studio",
          "xcode",
          "sublime_text",
          "gedit",
          "kate",
          "obs",
          "obs-studio",
          "godot",
          "unity",
          "freecad",
          "kicad",
          "pcbnew",
          "eeschema",
          "synfig",
          "opentoonz",
          "dragonframe");

  /**
   * A version or a package suffix after an application's name ({@code ardour8}, {@code gimp-2.10}).
   */
  private static final Pattern VERSION =
      Pattern.compile("(?:[-_ ]?v?\\d[\\d.]*|\\.bin|\\.exe|\\.app)$");

  /**
   * Whether the program kills by name one of the applications a person works in.
   *
   * @param step killall, pkill or kill
   * @return whether it does
   */
  static boolean kills(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    boolean kill = program.equals("kill");
    if (!kill && !program.equals("killall") && !program.equals("pkill")) {
      return false;
    }
    boolean named = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.equals("-0")
          || text.equals("-s") && i + 1 < args.size() && args.get(i + 1).text().equals("0")) {
        return false; // a check that the process is there, no signal sent
      }
      if (kill) {
        named |= !args.get(i).literal() && findsOne(args.get(i).written());
      } else if (!text.startsWith("-") && !(i > 0 && takesValue(args.get(i - 1).text()))) {
        named |= editor(text);
      }
    }
    return named;
  }

  private static boolean takesValue(String option) {
    return Set.of("-s", "--signal", "-u", "--user", "-g", "-G", "-P", "-t", "-U", "-o", "-y")
        .contains(option);
  }

  /**
   * {@code $(pgrep -f darktable)}, {@code `pidof krita`}: the ids of an application's processes.
   */
  private static boolean findsOne(String written) {
    if (written == null || written.length() > 300) {
      return false;
    }
    String inner = written.replaceAll("^[\"']?(?:\\$\\(|`)|\\)?`?[\"']?$", "").strip();
    String[] words = inner.split("\\s+");
    if (words.length < 2 || !words[0].equals("pgrep") && !words[0].equals("pidof")) {
      return false;
    }
    return editor(words[words.length - 1]);
  }

  private static boolean editor(String name) {
    String text = name.replace("\"", "").replace("'", "").toLowerCase(Locale.ROOT);
    text = text.substring(text.lastIndexOf('/') + 1).replaceAll("^\\^|\\$$", "");
    return text.length() <= 60
        && (EDITORS.contains(text) || EDITORS.contains(VERSION.matcher(text).replaceAll("")));
  }
}
