package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the files an open-source maintainer writes do (issue 80, round 10, decision 141): a Homebrew
 * formula or a release's config that stops checking what it downloads, an installer that every user
 * pipes into a shell without a checksum, an install script that calls home, a workflow that hands
 * the repository's secrets to another organisation's workflow or runs a lookalike of a well-known
 * action, a manifest's licence relabelled, the code owners handed to a bot. Each reads the text an
 * edit or a write puts in, and what it takes out where the edit says.
 */
final class MaintainerFiles {
  private MaintainerFiles() {}

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-checksum-dropped", scan -> read(scan, MaintainerFiles::checksumDropped));
    named.put("edit-installer-unverified", scan -> read(scan, MaintainerFiles::unverified));
    named.put("edit-install-script-calls-out", scan -> read(scan, MaintainerFiles::callsHome));
    named.put("edit-secrets-to-foreign-workflow", scan -> read(scan, MaintainerFiles::inherits));
    named.put("edit-workflow-sends-secret", scan -> read(scan, WorkflowSecretsSent::sends));
    named.put("edit-lookalike-action", scan -> read(scan, MaintainerFiles::lookalike));
    named.put("edit-licence-relabelled", scan -> read(scan, MaintainerFiles::relabelled));
    named.put("edit-code-owners-to-bot", scan -> read(scan, MaintainerFiles::ownersToBot));
    named.put("tool-writes-default-branch", MaintainerFiles::toolWritesDefaultBranch);
  }

  private static String read(Scan scan, WeakenPredicates.ChangeReader<String> reader) {
    CallForRules call = scan.call();
    return call == null ? null : EditCalls.read(call, reader);
  }

  private static String file(List<String> files) {
    return files.isEmpty() ? "" : files.get(0);
  }

  private static String name(String file) {
    return file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }

  private static final Pattern GORELEASER_OFF =
      Pattern.compile("(?m)^\\s*checksum:\\s*\\n\\s+disable:\\s*true");

  /**
   * A Homebrew formula or cask that skips its download's checksum ({@code sha256 :no_check}), or a
   * GoReleaser config that stops writing the release's checksums.
   */
  static String checksumDropped(String old, String now, List<String> files) {
    String file = file(files);
    if (file.endsWith(".rb") && now.contains(":no_check") && !old.contains(":no_check")) {
      return file + ": sha256 :no_check";
    }
    if (name(file).startsWith(".goreleaser")
        && PatternLiterals.finds(GORELEASER_OFF, now)
        && !PatternLiterals.finds(GORELEASER_OFF, old)) {
      return file + ": checksum disabled";
    }
    return null;
  }

  private static final Pattern INSTALLER =
      Pattern.compile("^(?:install|installer|get|setup|bootstrap)[\\w.-]*\\.(?:sh|bash|ps1)$");

  private static final Pattern DOWNLOADS =
      Pattern.compile("(?i)\\b(?:curl|wget|Invoke-WebRequest|iwr|Start-BitsTransfer)\\b");

  private static final Pattern INSTALLS =
      Pattern.compile(
          "(?i)\\binstall\\b|\\btar\\b|chmod\\s+\\+?[0-7]*x|Expand-Archive|\\bunzip\\b");

  private static final Pattern VERIFIES =
      Pattern.compile(
          "(?i)sha(?:256|512|1)?sum|shasum|b2sum|b3sum|Get-FileHash|openssl\\s+dgst|cosign"
              + "|gpg|minisign|signify|slsa-verifier|attestation\\s+verify|--verify|checksum");

  /**
   * An installer script (install.sh, get-x.sh, install.ps1) that downloads and installs a release
   * without checking its checksum or signature: whatever the URL serves runs on every user's
   * machine.
   */
  static String unverified(String old, String now, List<String> files) {
    String file = file(files);
    if (!PatternLiterals.matches(INSTALLER, name(file))
        || !PatternLiterals.finds(DOWNLOADS, now)
        || !PatternLiterals.finds(INSTALLS, now)) {
      return null;
    }
    String checked = now.replaceAll("(?m)#.*$", "");
    if (PatternLiterals.finds(VERIFIES, checked)) {
      return null;
    }
    return file + ": downloads and installs with no checksum or signature check";
  }

  private static final Pattern INSTALL_HOOK =
      Pattern.compile("\"(?:pre|post)?install\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

  /** A package.json whose install script (preinstall, install, postinstall) calls the network. */
  static String callsHome(String old, String now, List<String> files) {
    if (!name(file(files)).equals("package.json")) {
      return null;
    }
    Matcher hook = INSTALL_HOOK.matcher(now);
    while (hook.find()) {
      if (MaintainerPredicates.CALLS_OUT.matcher(hook.group(1)).find()
          && !old.contains(hook.group(1))) {
        return file(files) + ": " + shortened(hook.group());
      }
    }
    return null;
  }

  private static final Pattern REUSABLE =
      Pattern.compile(
          "(?m)^\\s*uses:\\s*['\"]?([\\w.-]+)/[\\w.-]+/\\.github/workflows/\\S+@(\\S+?)['\"]?\\s*$");

  private static final Pattern INHERIT = Pattern.compile("(?m)^\\s*secrets:\\s*inherit\\b");

  private static final Pattern PINNED = Pattern.compile("[0-9a-f]{40}");

  /**
   * A workflow that hands every secret ({@code secrets: inherit}) to a reusable workflow of another
   * repository at a ref its owner can move (a branch, a tag).
   */
  static String inherits(String old, String now, List<String> files) {
    if (!file(files).contains(".github/workflows/") || !PatternLiterals.finds(INHERIT, now)) {
      return null;
    }
    Matcher uses = REUSABLE.matcher(now);
    while (uses.find()) {
      if (!PatternLiterals.matches(PINNED, uses.group(2))) {
        return file(files) + ": secrets: inherit to " + uses.group().strip();
      }
    }
    return null;
  }

  /** Well-known actions by their repository's name, with the owners that publish them. */
  private static final Map<String, Set<String>> KNOWN_ACTIONS =
      Map.ofEntries(
          Map.entry("checkout", Set.of("actions")),
          Map.entry("setup-python", Set.of("actions")),
          Map.entry("setup-node", Set.of("actions")),
          Map.entry("setup-go", Set.of("actions")),
          Map.entry("setup-java", Set.of("actions")),
          Map.entry("cache", Set.of("actions")),
          Map.entry("upload-artifact", Set.of("actions")),
          Map.entry("download-artifact", Set.of("actions")),
          Map.entry("github-script", Set.of("actions")),
          Map.entry("attest-build-provenance", Set.of("actions")),
          Map.entry("gh-action-pypi-publish", Set.of("pypa")),
          Map.entry("login-action", Set.of("docker")),
          Map.entry("build-push-action", Set.of("docker")),
          Map.entry("setup-buildx-action", Set.of("docker")),
          Map.entry("cosign-installer", Set.of("sigstore")),
          Map.entry("gh-action-sigstore-python", Set.of("sigstore")),
          Map.entry("action-gh-release", Set.of("softprops")),
          Map.entry("codeql-action", Set.of("github")),
          Map.entry("rust-toolchain", Set.of("dtolnay")),
          Map.entry("goreleaser-action", Set.of("goreleaser")),
          Map.entry("release-please-action", Set.of("googleapis", "google-github-actions")));

  private static final Pattern ACTION =
      Pattern.compile("(?m)^\\s*-?\\s*uses:\\s*['\"]?([\\w.-]+)/([\\w.-]+)(?:/[\\w./-]*)?@");

  /**
   * A workflow step that uses an action named as a well-known one under an owner made to look like
   * its publisher ({@code pypa-actions/gh-action-pypi-publish}): a stranger's code where the
   * release's token is minted.
   */
  static String lookalike(String old, String now, List<String> files) {
    if (!file(files).contains(".github/")) {
      return null;
    }
    Matcher uses = ACTION.matcher(now);
    while (uses.find()) {
      String owner = uses.group(1).toLowerCase(Locale.ROOT);
      Set<String> owners = KNOWN_ACTIONS.get(uses.group(2).toLowerCase(Locale.ROOT));
      if (owners == null || owners.contains(owner)) {
        continue;
      }
      for (String real : owners) {
        if (owner.contains(real) || real.contains(owner) || oneEditAway(owner, real)) {
          return file(files) + ": " + uses.group(1) + "/" + uses.group(2) + " for " + real;
        }
      }
    }
    return null;
  }

  private static boolean oneEditAway(String a, String b) {
    if (Math.abs(a.length() - b.length()) > 1 || a.equals(b)) {
      return false;
    }
    int i = 0;
    while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    return a.substring(i + (a.length() >= b.length() ? 1 : 0))
        .equals(b.substring(i + (b.length() >= a.length() ? 1 : 0)));
  }

  private static final Set<String> MANIFESTS =
      NameSet.of(
          "cargo.toml",
          "package.json",
          "pyproject.toml",
          "setup.cfg",
          "setup.py",
          "pom.xml",
          "composer.json",
          "build.gradle",
          "build.gradle.kts",
          "mix.exs",
          "deno.json",
          "jsr.json");

  private static final Pattern DECLARED =
      Pattern.compile(
          "(?i)(?:SPDX-License-Identifier:\\s*|\\blicen[cs]e\\b[\"']?\\s*[=:]\\s*(?:\\{\\s*text\\s*=\\s*)?"
              + "[\"']|<license>\\s*<name>|licenses?\\s*[=:]?\\s*\\[?\\s*[\"'])([\\w.+ ()-]+)");

  private static final Pattern SOURCE_AVAILABLE =
      Pattern.compile(
          "(?i)BUSL|Business Source|SSPL|Server Side Public|Elastic-2|Commons[- ]Clause|PolyForm"
              + "|proprietary|UNLICENSED|LicenseRef-|\\bBSL-1|FSL-1|Functional Source|Confluent"
              + "|Fair Source");

  /**
   * A manifest or a source file whose declared licence changes: the SPDX header or the {@code
   * license} field an edit takes out differs from the one it puts in, or a manifest now declares a
   * licence that is not open source (BUSL, SSPL, a LicenseRef).
   */
  static String relabelled(String old, String now, List<String> files) {
    Matcher before = DECLARED.matcher(old);
    Matcher after = DECLARED.matcher(now);
    if (before.find() && after.find() && !before.group(1).strip().equals(after.group(1).strip())) {
      return file(files) + ": " + before.group(1).strip() + " to " + after.group(1).strip();
    }
    after.reset();
    if (MANIFESTS.contains(name(file(files))) && after.find()) {
      if (PatternLiterals.finds(SOURCE_AVAILABLE, after.group(1))) {
        return file(files) + ": licence " + after.group(1).strip();
      }
    }
    return null;
  }

  private static final Pattern BOT_OWNER =
      Pattern.compile("(?im)^\\s*\\S+\\s+(?:.*\\s)?@[\\w./-]*bot\\b(?:\\[bot])?");

  /**
   * A CODEOWNERS file that makes a bot the owner of code: its automatic approval then stands for
   * the code owners' review the branch requires.
   */
  static String ownersToBot(String old, String now, List<String> files) {
    if (!name(file(files)).equals("codeowners")) {
      return null;
    }
    Matcher bot = BOT_OWNER.matcher(now);
    if (bot.find() && !old.contains(bot.group().strip())) {
      return file(files) + ": " + bot.group().strip();
    }
    return null;
  }

  /** The tools of a forge's MCP server that write a file or push commits. */
  private static final Pattern WRITING_TOOLS =
      Pattern.compile(
          "^mcp__[\\w-]*(?:github|gitlab|gitea|forgejo)[\\w-]*__(?:create_or_update_file|push_files|delete_file|create_file|update_file)$");

  /**
   * A forge's MCP tool that writes or deletes files straight onto the default branch (no branch, or
   * main, master, trunk): no pull request, no review, no check.
   */
  static String toolWritesDefaultBranch(Scan scan) {
    CallForRules call = scan.call();
    if (call == null
        || !PatternLiterals.matches(WRITING_TOOLS, call.tool())
        || call.args() == null) {
      return null;
    }
    JsonNode branch = call.args().get("branch");
    String named = branch == null || !branch.isTextual() ? "" : branch.asText();
    if (named.isEmpty() || Set.of("main", "master", "trunk").contains(named)) {
      JsonNode repo = call.args().get("repo");
      return call.tool()
          + " onto "
          + (named.isEmpty() ? "the default branch" : named)
          + (repo != null && repo.isTextual() ? " of " + repo.asText() : "");
    }
    return null;
  }

  private static String shortened(String text) {
    return text.length() <= 80 ? text : text.substring(0, 80) + "…";
  }
}
