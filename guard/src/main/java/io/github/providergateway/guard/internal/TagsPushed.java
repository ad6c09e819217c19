package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A tag pushed to the forge (decision 313): a push whose refspec names a tag ({@code refs/tags/…}),
 * a version ({@code v4.3.0}) or a name the same call tags ({@code git tag release-2024.11.14-1 &&
 * git push origin release-2024.11.14-1}), and a tag made through the forge's API ({@code gh api
 * repos/o/r/git/refs -f ref=refs/tags/prod-20250620-1 -f sha=…}, GitLab's {@code repository/tags}).
 * On a forge a tag is what starts a release: its pipeline builds, publishes and deploys what the
 * tag points at.
 */
final class TagsPushed {
  private TagsPushed() {}

  /**
   * A version's name, whole or after a component's prefix: {@code v1.2}, {@code V3.2.0}, {@code
   * 4.3.0}, {@code 1.5.0rc1}, {@code 2025.06.20.1}, {@code api/v1.5.0}, {@code portal-v2.3.0},
   * {@code @acme/ui@2.3.1}; not {@code 3.11}, which names a maintenance branch as often as a tag.
   */
  private static final Pattern VERSION =
      Pattern.compile(
          "(?:^(?:[vV]\\d+(?:\\.\\d+)+|\\d+\\.\\d+\\.\\d+)|[_-][vV]\\d+(?:\\.\\d+){2,}|@\\d+\\.\\d+\\.\\d+)"
              + "(?:[-+.]?[\\w.]*)?$");

  /** git tag's options that list or delete tags rather than make one. */
  private static final Set<String> NOT_MADE =
      NameSet.of("-d", "--delete", "-l", "--list", "-v", "--verify", "--contains", "--points-at");

  /** The options of {@code gh api} and {@code glab api} that send fields: a POST by default. */
  private static final Set<String> FIELDS =
      NameSet.of("-f", "-F", "--field", "--raw-field", "--input");

  /** curl's short options clustered with its data: {@code -sd}, {@code -sSd}. */
  private static final Pattern CLUSTERED_DATA = Pattern.compile("-[a-zA-Z&&[^dG]]{1,6}d");

  /** The longest word read. */
  private static final int MAX_WORD = 4096;

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("refspec-tag", TagsPushed::pushesTag);
    named.put("api-creates-tag", (scan, step, read) -> apiMakesTag(step));
  }

  /**
   * Whether a push sends a tag: {@code --tags} or {@code --follow-tags} (or {@code push.followTags}
   * set anywhere in the call, a remote's push refspec of tags), or a refspec naming a tag, a
   * version or a name the call tags; not a dry run, the last of {@code -n}, {@code --dry-run} and
   * {@code --no-dry-run} deciding.
   */
  private static boolean pushesTag(Scan scan, Step step, Read read) {
    boolean dry = false;
    boolean tags = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("-n") || text.equals("--dry-run")) {
        dry = true;
      } else if (text.equals("--no-dry-run")) {
        dry = false;
      }
      tags |= text.equals("--tags") || text.equals("--follow-tags");
    }
    if (dry) {
      return false;
    }
    String source = scan.source() == null ? "" : scan.source().toLowerCase(Locale.ROOT);
    if (tags
        || source.length() < MAX_WORD * 16
            && (source.contains("push.followtags")
                || source.contains("refs/tags/*") && source.contains(".push"))) {
      return true;
    }
    List<Word> positionals = read.argv().positionals();
    for (int i = 1; i < positionals.size(); i++) { // the first is the repository
      String refspec = positionals.get(i).text();
      if (refspec.equals("tag")) {
        return i + 1 < positionals.size(); // git push origin tag v1.5.0
      }
      if (refspec.startsWith("+")) {
        refspec = refspec.substring(1);
      }
      int colon = refspec.indexOf(':');
      String from = colon < 0 ? refspec : refspec.substring(0, colon);
      String to = colon < 0 ? refspec : refspec.substring(colon + 1);
      if (from.isEmpty()) {
        continue; // :refs/tags/v1: a delete, git.push-delete's
      }
      if (to.startsWith("refs/tags/")
          || from.startsWith("refs/tags/")
          || from.startsWith("tags/")
          || from.equals("refs/*")
          || to.equals("refs/*")
          || VERSION.matcher(to).find()
          || taggedInCall(scan, from)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a {@code git tag} of the call makes a tag of this name. */
  private static boolean taggedInCall(Scan scan, String name) {
    for (Step other : scan.steps()) {
      if (!"git".equals(other.program())) {
        continue;
      }
      List<Word> args = other.args();
      int tag = -1;
      for (int i = 0; i < args.size() && tag < 0; i++) {
        String text = args.get(i).text();
        if (text.equals("tag")) {
          tag = i;
        } else if (text.equals("update-ref")) {
          return i + 1 < args.size() && args.get(i + 1).text().equals("refs/tags/" + name);
        } else if (text.equals("-C") || text.equals("-c")) {
          i++; // git -C /work/project tag …, git -c tag.gpgSign=false tag …: its value
        } else if (!text.startsWith("-")) {
          break; // another subcommand
        }
      }
      boolean made = tag >= 0;
      boolean named = false;
      for (int i = tag + 1; made && i < args.size(); i++) {
        String text = args.get(i).text();
        made = !NOT_MADE.contains(text);
        named |= text.equals(name);
      }
      if (made && named) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a forge's API is asked to make a tag: a {@code git/refs} path with a tag's ref, or
   * GitLab's {@code repository/tags}, by a {@code POST}.
   */
  private static boolean apiMakesTag(Step step) {
    boolean refs = false;
    boolean tag = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > MAX_WORD) {
        continue;
      }
      text = text.replace("\\/", "/"); // JSON's escaped slash: refs\/tags\/v1.5.0
      if (text.contains("/refs") || text.startsWith("git/refs") || text.contains("createRef")) {
        refs = true; // GitHub's git/refs and createRef, Bitbucket's and Azure DevOps' refs
      }
      if (text.contains("repository/tags")) {
        refs = true;
        tag = true;
      }
      tag |= text.contains("refs/tags/");
    }
    if (!refs || !tag) {
      return false;
    }
    return method(step).equals("post"); // a tag moved or deleted: maintainers.release-removed
  }

  /** The request's method, in lower case: given, or what its fields or data imply. */
  private static String method(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (!program.equals("gh") && !program.equals("glab") && !program.equals("hub")) {
      for (Word word : args) {
        String text = word.text();
        if (text.equals("POST") || CLUSTERED_DATA.matcher(text).matches()) {
          return "post"; // httpie's POST after its options, curl -sd '…'
        }
      }
      return ServiceCalls.method(program, args);
    }
    String given = null;
    boolean fields = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-X") || text.equals("--method")) && i + 1 < args.size()) {
        given = args.get(i + 1).text();
      } else if (text.startsWith("-X") && text.length() > 2) {
        given = text.substring(2);
      } else if (text.startsWith("--method=")) {
        given = text.substring("--method=".length());
      } else if (FIELDS.contains(text)
          || (text.startsWith("-f") || text.startsWith("-F")) && text.indexOf('=') > 2
          || text.startsWith("--field=")
          || text.startsWith("--raw-field=")
          || text.startsWith("--input=")) {
        fields = true;
      }
    }
    return given != null ? given.toLowerCase(Locale.ROOT) : fields ? "post" : "get";
  }
}
