package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A shared install tree's software replaced in place (session 18, round 75's HPC centre: {@code eb
 * … --rebuild --force --installpath=/gpfs/apps/easybuild}, {@code apptainer build --force} over a
 * curated image, {@code rsync -a --delete} into {@code /gpfs/apps/software/…}, a module's default
 * moved by {@code ln -sfn …/default} or by an edit of {@code .modulerc.lua}): every user's next job
 * loads what was put there, and the build they validated is gone. A shared tree is an absolute
 * path, on this machine or a host's, outside a home, a scratch and a temporary folder, with a
 * folder of installed software in it ({@code apps}, {@code sw}, {@code software}, {@code
 * modulefiles}, {@code easybuild}, {@code spack}, {@code containers}) or under Bright's {@code
 * /cm/shared}. A build into one's own prefix, a dry run and a copy out of the tree are not read.
 */
final class SharedSoftwareReplaced {
  private SharedSoftwareReplaced() {}

  /** A host before a remote path ({@code talon-login01:/gpfs/apps}). */
  private static final Pattern HOST = Pattern.compile("^(?:[\\w.-]+@)?[\\w.-]+:(?=/)");

  /** The folders that hold a site's installed software. */
  private static final Set<String> SOFTWARE =
      Set.of("apps", "sw", "software", "modulefiles", "easybuild", "spack", "containers");

  /** The places that are one person's or nobody's. */
  private static final Pattern PERSONAL =
      Pattern.compile("^/(?:home|tmp|var/tmp|users?|root)/|/scratch(?:/|$)|\\$|~");

  /** A module's default, as Lmod and Environment Modules keep it. */
  private static final Pattern MODULE_DEFAULT =
      Pattern.compile("(?:^|/)(?:\\.modulerc(?:\\.lua)?|\\.version|default)$");

  /** EasyBuild's options that name where it installs. */
  private static final Pattern EB_PLACE =
      Pattern.compile("^--(?:installpath|prefix|installpath-software|installpath-modules)=(.+)$");

  /** The same options with their value in the next word. */
  private static final Pattern EB_SPACED =
      Pattern.compile("^--(?:installpath|prefix|installpath-software|installpath-modules)$");

  /**
   * Whether the path lies in a shared install tree.
   *
   * @param written the path as written, perhaps after a host
   * @return whether it does
   */
  static boolean sharedTree(String written) {
    String path = HOST.matcher(written).replaceFirst("");
    if (!path.startsWith("/") || PERSONAL.matcher(path).find()) {
      return false;
    }
    if (path.startsWith("/cm/shared/")) {
      return true;
    }
    for (String folder : path.toLowerCase(Locale.ROOT).split("/")) {
      if (SOFTWARE.contains(folder)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the program forces a build, an image, a sync, a link or a copy into a shared tree.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean replaces(Step step) {
    List<Word> args = step.args();
    if (args.isEmpty()) {
      return false;
    }
    String last = args.get(args.size() - 1).text();
    return switch (step.program()) {
      case "eb" -> easyBuildForced(args);
      case "apptainer", "singularity" -> imageForced(args);
      case "rsync" -> has(args, "--delete") && sharedTree(last);
      case "ln" -> linkForced(args) && sharedTree(last);
      case "cp", "mv", "install", "scp" -> sharedTree(last);
      case "make", "gmake" -> installsInto(args);
      case "tar" -> unpacksInto(args);
      default -> false;
    };
  }

  private static boolean easyBuildForced(List<Word> args) {
    boolean forced = false;
    boolean shared = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (EB_SPACED.matcher(text).matches() && i + 1 < args.size()) {
        text = text + "=" + args.get(i + 1).text();
      }
      if (text.equals("-D")
          || text.equals("-x")
          || text.startsWith("--dry-run")
          || text.startsWith("--extended-dry-run")) {
        return false;
      }
      forced |= text.equals("--force") || text.equals("-f") || text.equals("--rebuild");
      var place = EB_PLACE.matcher(text);
      shared |= place.matches() && sharedTree(place.group(1));
    }
    return forced && shared;
  }

  private static boolean imageForced(List<Word> args) {
    if (!args.get(0).text().equals("build")) {
      return false;
    }
    boolean forced = false;
    for (Word word : args.subList(1, args.size())) {
      String text = word.text();
      forced |= text.equals("--force") || text.equals("-F");
      if (!text.startsWith("-")) {
        return forced && sharedTree(text);
      }
    }
    return false;
  }

  private static boolean linkForced(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.equals("--force") || text.matches("-[a-zA-Z]*f[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }

  private static boolean installsInto(List<Word> args) {
    boolean install = false;
    boolean shared = false;
    for (Word word : args) {
      String text = word.text();
      install |= text.equals("install");
      int equals = text.indexOf('=');
      if (equals > 0 && text.substring(0, equals).matches("(?i)prefix|destdir|--prefix")) {
        shared |= sharedTree(text.substring(equals + 1));
      }
    }
    return install && shared;
  }

  private static boolean unpacksInto(List<Word> args) {
    boolean extracts = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      extracts |= text.matches("-?[a-zA-Z]*x[a-zA-Z]*") || text.equals("--extract");
      if ((text.equals("-C") || text.equals("--directory")) && i + 1 < args.size()) {
        return extracts && sharedTree(args.get(i + 1).text());
      }
      if (text.startsWith("--directory=")) {
        return extracts && sharedTree(text.substring("--directory=".length()));
      }
    }
    return false;
  }

  private static boolean has(List<Word> args, String prefix) {
    for (Word word : args) {
      if (word.text().startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A module's default changed by a file tool in a shared tree: its {@code .modulerc}, {@code
   * .modulerc.lua}, {@code .version} or {@code default} written or edited.
   *
   * @param scan the call
   * @return the file, or {@code null}
   */
  static String moduleDefaultEdited(Scan scan) {
    JsonNode args = scan.call().args();
    JsonNode path = EditCalls.pathNode(args);
    boolean writes =
        EditCalls.text(args, "new_string", "new_str", "content", "file_text") != null
            || args.has("edits");
    if (path == null || !path.isTextual() || !writes) {
      return null;
    }
    String file = path.asText();
    return MODULE_DEFAULT.matcher(file).find() && sharedTree(file) ? file : null;
  }
}
