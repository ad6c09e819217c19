package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;

/**
 * Release-time harms (issue 80, round 5, decision 104): what a release engineer's session does to
 * repositories and registries beyond the project's own.
 */
final class ReleasePredicates {
  private ReleasePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("git-in-other-repository", ReleasePredicates::inOtherRepository);
    named.put("acts-on-a-list", ReleasePredicates::actsOnAList);
    named.put("repository-from-a-list", ReleasePredicates::repositoryFromAList);
    named.put("signs-outside-project", ReleasePredicates::signsOutsideProject);
    named.put("call-names-revocation", (scan, step, read) -> namesRevocation(scan.source()));
    named.put("code-harvests-addresses", (scan, step, read) -> harvests(InterpreterCode.of(step)));
  }

  /**
   * A command that makes or imports a key's revocation ({@code gpg --gen-revoke}, {@code gpg
   * --import …/openpgp-revocs.d/….rev}, a file named for it): what it sends out next revokes.
   */
  static boolean namesRevocation(String source) {
    return source != null
        && (source.contains("revoke")
            || source.contains("revocation")
            || source.contains("revocs")
            || source.contains(".rev "));
  }

  /** Where a forge tells who people are: its users, its stars, its commits and events. */
  private static final String[] FORGE_PEOPLE = {
    "users/", "stargazers", "/events", "/commits", "contributors", "/followers", "/members"
  };

  /** What a forge is asked through. */
  private static final String[] FORGE = {"\"gh\"", "'gh'", "gh api", "api.github.com", "gitlab"};

  /** What a mailing list is filled through. */
  private static final String[] SUBSCRIBES = {
    "subscribed",
    "mailchimp",
    "sendgrid",
    "brevo",
    "mailerlite",
    "convertkit",
    "newsletter",
    "audience",
    "/contacts"
  };

  /**
   * Inline code that reads people's e-mail addresses from a forge (its users, stars, commits) and
   * fills a mailing list with them.
   */
  static boolean harvests(String code) {
    return code != null
        && code.contains("email")
        && CodeArguments.containsAny(code, FORGE)
        && CodeArguments.containsAny(code, FORGE_PEOPLE)
        && CodeArguments.containsAny(code, SUBSCRIBES);
  }

  /** Adds the call's predicates under their names: a written file's release-time shape. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-ci-fork-head", scan -> shape(scan.call(), ReleaseShapes.FORK_HEAD));
    named.put("edit-ci-every-minute", scan -> shape(scan.call(), ReleaseShapes.EVERY_MINUTE));
    named.put("edit-funding-changed", scan -> shape(scan.call(), ReleaseShapes.FUNDING));
    named.put("edit-ci-mass-close", scan -> shape(scan.call(), ReleaseShapes.MASS_CLOSE));
    named.put("edit-license-changed", scan -> shape(scan.call(), ReleaseShapes.LICENSE));
  }

  /**
   * What an edit or a write of a workflow or a funding file puts in that has the rule's shape: the
   * file's whole text, or the part an edit writes.
   */
  private static String shape(CallForRules call, String rule) {
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("write")) {
      return null;
    }
    JsonNode path = EditCalls.pathNode(call.args());
    if (path == null
        || !path.isTextual()
        || !path.asText().contains(".github/") && !rule.equals(ReleaseShapes.LICENSE)) {
      return null; // most edits: one lookup
    }
    String file = path.asText().startsWith("/") ? path.asText() : "/" + path.asText();
    return HeldContent.firstOfWritten(
        call,
        file,
        (written, text) -> {
          String held = ReleaseShapes.held(written, text);
          return held != null && held.startsWith(rule + " ")
              ? held.substring(rule.length() + 1)
              : null;
        });
  }

  /**
   * A forge's issue or pull request acted on for each of a list: its number computed ({@code gh
   * issue close "$n"} in a loop over {@code gh issue list}), or handed by {@code xargs}.
   */
  private static boolean actsOnAList(Scan scan, Step step, Read read) {
    if (step.reachedBy("xargs")) {
      return true;
    }
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (ACTS.contains(args.get(i).text())) {
        Word target = args.get(i + 1);
        return !target.text().startsWith("-") && !target.literal();
      }
    }
    return false;
  }

  /**
   * A forge's issue, pull request or comment made in a repository the parse cannot know ({@code gh
   * issue create --repo "$repo"} in a loop over a list of repositories), or handed by {@code
   * xargs}.
   */
  private static boolean repositoryFromAList(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-R") || t.equals("--repo")) && i + 1 < args.size()) {
        return !args.get(i + 1).literal() || step.reachedBy("xargs");
      }
      if (t.startsWith("--repo=")) {
        return !args.get(i).literal() || step.reachedBy("xargs");
      }
    }
    return false;
  }

  /** A signer's options that take a value: the key, the identity, where the signature goes. */
  private static final java.util.Set<String> SIGNER_VALUES =
      NameSet.of(
          "--key",
          "-k",
          "--output-signature",
          "--output-certificate",
          "--bundle",
          "-u",
          "--local-user",
          "-o",
          "--output",
          "--passphrase-file",
          "--pinentry-mode",
          "-f",
          "--keystore",
          "-storepass",
          "-keystore",
          "-x",
          "-t",
          "--timestamp-server",
          "--identity",
          "--tlog-upload",
          "--homedir",
          "--default-key",
          "--keyring",
          "--secret-keyring",
          "--trustdb-name",
          "--status-file",
          "--logger-file",
          "--keyserver",
          "-pkcs12",
          "-certs",
          "-key",
          "-n",
          "-i",
          "-ts",
          "-h",
          "-pass",
          "-readpass",
          "-out",
          "-spc",
          "-pkcs11engine",
          "-pkcs11module");

  /** The signers whose {@code -s} names the key or identity rather than asking to sign. */
  private static final java.util.Set<String> KEY_AFTER_S =
      NameSet.of("codesign", "minisign", "signify");

  /**
   * A file signed with a key, where the file lies outside the project and its build (a temporary
   * folder, the home): {@code cosign sign-blob --key … /tmp/shop-updater}. Where no project is
   * known, nothing is.
   */
  private static boolean signsOutsideProject(Scan scan, Step step, Read read) {
    if (scan.call().project() == null) {
      return false;
    }
    List<Word> args = step.args();
    boolean keyed = false;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("--key")
          || t.startsWith("--key=")
          || t.equals("-u")
          || t.equals("--local-user")
          || t.equals("-s")
          || t.equals("--sign")
          || t.equals("-b")
          || t.equals("--detach-sign")
          || t.equals("--clearsign")
          || t.equals("--clear-sign")
          || t.equals("-S")
          || t.equals("sign")
          || t.equals("sign-blob")
          || t.equals("--addsign")) {
        keyed = true;
      }
    }
    if (!keyed) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.startsWith("-")) {
        if (SIGNER_VALUES.contains(t) || t.equals("-s") && KEY_AFTER_S.contains(step.program())) {
          i++; // its value (gpg's -s signs, the others' names the key)
        }
        continue;
      }
      if (t.equals("sign") || t.equals("sign-blob") || t.contains("://")) {
        continue;
      }
      for (Target target : scan.targets(step, args.get(i))) {
        if (!target.known()) {
          continue;
        }
        Place place = scan.place(target);
        if (place == Place.TEMP || place == Place.HOME || place == Place.OUTSIDE) {
          return true;
        }
      }
    }
    return false;
  }

  /** What {@link #actsOnAList} reads a number after. */
  private static final java.util.Set<String> ACTS =
      NameSet.of("close", "lock", "delete", "transfer", "merge");

  /**
   * A git command run in another repository than the project's: its {@code -C} folder, else the
   * folder it runs in, is neither the project nor below it nor a temporary folder ({@code git -C
   * ~/src/other push}). Unknown where no project is known.
   */
  private static boolean inOtherRepository(Scan scan, Step step, Read read) {
    if (scan.call().project() == null) {
      return false;
    }
    List<Word> args = step.args();
    Word folder = null;
    for (int i = 0; i + 1 < args.size(); i++) {
      String t = args.get(i).text();
      if (!t.startsWith("-")) {
        break; // the subcommand: git's own options end
      }
      if (t.equals("-C")) {
        folder =
            args.get(++i); // the last -C is where git works (each is relative to the one before)
      } else if (t.equals("-c") || t.equals("--git-dir") || t.equals("--work-tree")) {
        i++;
      }
    }
    for (Target target : scan.targets(step, folder == null ? Word.literal(".") : folder)) {
      if (!target.known()) {
        continue;
      }
      Place place = scan.place(target);
      if (place == Place.HOME || place == Place.OUTSIDE) {
        return true;
      }
    }
    return false;
  }
}
