package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file deleted by inline code through a door other than the delete call with its path (red team
 * of decision 194): the delete function renamed ({@code from shutil import rmtree as purge}, {@code
 * r = shutil.rmtree}) or reached by {@code getattr(os, 'unlink')}, handed to {@code map} or PHP's
 * {@code array_map} over a glob, Perl's {@code unlink glob "…"} and {@code unlink <…>}, and
 * pathlib's {@code Path('…').unlink()}, whose path comes before the call, not in it. Each names the
 * file or the pattern as a literal, judged as every inline delete's target is.
 */
final class DeletesByOtherNames {
  /** Calls whose first argument is deleted: node's sync unlink, Ruby's File.delete, getattr's. */
  static final String[] CALLS = {
    "unlinkSync(", "File.delete(", "'unlink')(", "\"unlink\")(", "'remove')(", "\"remove\")("
  };

  /** Perl's {@code unlink glob "/x/*"} without parentheses, and {@code unlink </x/*>}. */
  private static final Pattern PERL_GLOB =
      Pattern.compile(
          "\\bunlink\\s*\\(?\\s*(?:glob\\s+([\"'])([^\"']{1,512})\\1|<([^<>\\s]{1,512})>)");

  /** {@code map(os.remove, glob.glob('…'))}, {@code array_map("unlink", glob("…"))}. */
  private static final Pattern MAPPED =
      Pattern.compile(
          "\\b(?:map|array_map)\\(\\s*(?:os\\.)?['\"]?(?:remove|unlink)['\"]?\\s*,\\s*"
              + "(?:\\w+\\.)*glob\\(\\s*(['\"])([^'\"]{1,512})\\1");

  /**
   * A delete function given another name: imported as one, or assigned uncalled ({@code purge =
   * s.rmtree}, the module under any name).
   */
  private static final Pattern RENAMED =
      Pattern.compile(
          "\\bimport\\s+(?:rmtree|remove|unlink|removedirs)\\s+as\\s+(\\w+)"
              + "|\\b(\\w+)\\s*=\\s*(?:\\w+\\.rmtree|os\\.(?:remove|unlink|removedirs))\\b(?!\\s*\\()");

  /** {@code Path('/x/a.tif')} just before a method call on it. */
  private static final Pattern PATH_OBJECT =
      Pattern.compile("\\bPath\\(\\s*(['\"])([^'\"]{1,512})\\1\\s*\\)\\s*\\.$");

  /** {@code for p in Path('/x').glob('*.tif')}: the loop's name and the folder. */
  private static final Pattern PATH_LOOP =
      Pattern.compile(
          "\\bfor\\s+(\\w+)\\s+in\\s+(?:pathlib\\.)?Path\\(\\s*(['\"])([^'\"]{1,512})\\2\\s*\\)"
              + "\\.(?:r?glob|iterdir)\\(");

  private DeletesByOtherNames() {}

  /** The literal paths and patterns the code deletes by these doors. */
  static List<String> paths(String code) {
    List<String> paths = new ArrayList<>();
    for (Pattern pattern : new Pattern[] {PERL_GLOB, MAPPED}) {
      Matcher m = pattern.matcher(code);
      while (m.find()) {
        paths.add(m.group(2) != null ? m.group(2) : m.group(3));
      }
    }
    return paths;
  }

  /** Where the argument of each call of a renamed delete function begins. */
  static List<Integer> renamedCalls(String code) {
    List<Integer> at = new ArrayList<>();
    Matcher renamed = RENAMED.matcher(code);
    while (renamed.find()) {
      String name = renamed.group(1) != null ? renamed.group(1) : renamed.group(2);
      Matcher call = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "\\(").matcher(code);
      while (call.find()) {
        at.add(call.end());
      }
    }
    return at;
  }

  /**
   * The path of the object whose {@code unlink(} stands at {@code at}: {@code Path('X').unlink()},
   * or a loop's name over {@code Path('X').glob(…)}; null where the code names none.
   */
  static String objectPath(String code, int at) {
    String before = code.substring(Math.max(0, at - 600), at);
    Matcher object = PATH_OBJECT.matcher(before);
    if (object.find()) {
      return object.group(2);
    }
    Matcher loop = PATH_LOOP.matcher(code);
    while (loop.find()) {
      if (before.endsWith(loop.group(1) + ".")) {
        return loop.group(3);
      }
    }
    return null;
  }
}
