package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shapes of a developer environment's file that an ordinary later command obeys to harm (round
 * 8, decision 128): a dev server's configuration serving the home to the network, a hook repository
 * pinned to a moving branch, a local CI runner fed production's secrets, a package's command named
 * as a system program, a build's JVM agent loaded from outside the project, a CI step running the
 * text of a comment, a public docs site built from an internal folder. Each is held with the file
 * ({@link HeldContent}) for the command that obeys it ({@code npm run dev}, {@code pre-commit
 * install}, {@code act}, {@code npm link}, {@code mvn}, {@code git push}, {@code mkdocs
 * gh-deploy}), and the edit that writes it is asked about by the rule of the same name.
 */
final class DeferredShapes {
  private DeferredShapes() {}

  static final String DEV_SERVER = "deferred.dev-server-serves-home";
  static final String MOVING_HOOKS = "deferred.hooks-from-moving-branch";
  static final String LOCAL_CI = "deferred.local-ci-production-secrets";
  static final String SHADOW = "deferred.command-shadows-system-program";
  static final String JVM_AGENT = "deferred.build-agent-from-outside";
  static final String EVENT_TEXT = "deferred.ci-runs-event-text";
  static final String DOCS = "deferred.public-docs-from-internal";

  private static final Pattern DEV_CONFIG =
      Pattern.compile("(?:vite|vitest|webpack|astro|svelte|nuxt|rspack)\\.config\\.[cm]?[jt]s");

  /** A dev server listening on every interface. */
  private static final Pattern EVERY_INTERFACE =
      Pattern.compile("\\bhost\\s*:\\s*(?:['\"]0\\.0\\.0\\.0['\"]|true|['\"]::['\"])");

  /** Vite's file-serving guard off, or its allow list reaching the home or the root. */
  private static final Pattern SERVES_HOME =
      Pattern.compile(
          "\\bstrict\\s*:\\s*false|\\ballow\\s*:\\s*\\[[^\\]]{0,300}?(?:['\"](?:/|/home(?:/[^'\"/]*)?/?|/root|/Users(?:/[^'\"/]*)?/?|~/?)['\"]|homedir\\(\\)|process\\.env\\.HOME)"
              + "|\\bstatic\\s*:\\s*(?:\\{[^}]{0,200}?directory\\s*:\\s*)?(?:['\"](?:/|/home(?:/[^'\"/]*)?/?|~/?)['\"]|os\\.homedir\\(\\))");

  /** A pre-commit hook repository pinned to a branch that moves. */
  private static final Pattern MOVING_REV =
      Pattern.compile(
          "(?m)^\\s*-?\\s*repo:\\s*(https?://\\S+)\\s*\\n\\s*rev:\\s*['\"]?(main|master|HEAD|develop|dev|trunk|latest|stable)['\"]?\\s*$");

  /** A local CI runner's option feeding it a production file. */
  private static final Pattern PRODUCTION_FILE =
      Pattern.compile(
          "(?m)^\\s*--(?:secret-file|var-file|env-file|secret|var)[=\\s]\\s*\\S*(?:prod|production|live)\\S*");

  /** Programs a package's command must not be named as. */
  private static final Set<String> SYSTEM_PROGRAMS =
      NameSet.of(
          "git",
          "ssh",
          "scp",
          "sudo",
          "su",
          "ls",
          "cat",
          "cp",
          "mv",
          "rm",
          "node",
          "npm",
          "npx",
          "python",
          "python3",
          "pip",
          "pip3",
          "curl",
          "wget",
          "docker",
          "kubectl",
          "aws",
          "gcloud",
          "az",
          "gh",
          "make",
          "sh",
          "bash",
          "zsh",
          "env",
          "gpg",
          "ssh-add",
          "op",
          "vault",
          "terraform",
          "yarn",
          "pnpm",
          "code",
          "java",
          "mvn",
          "go",
          "cargo");

  /** A package.json's {@code bin} object. */
  private static final Pattern BIN = Pattern.compile("\"bin\"\\s*:\\s*\\{([^}]{0,2000})}");

  private static final Pattern BIN_NAME = Pattern.compile("\"([^\"]{1,60})\"\\s*:");

  /** A JVM agent, a native agent or a boot class path entry, by its path. */
  private static final Pattern AGENT =
      Pattern.compile("-(?:javaagent|agentpath|Xbootclasspath/[ap]):([^=\\s'\"]+)");

  /** A CI run step using an event's text a stranger writes. */
  private static final Pattern EVENT =
      Pattern.compile(
          "(?m)^\\s*(?:-\\s*)?run:.*\\$\\{\\{\\s*github\\.(?:event\\.(?:comment|issue|pull_request|review|review_comment|discussion|discussion_comment|head_commit|commits)[\\w.\\[\\]*]{0,80}\\.(?:body|title|message|head_ref|label|name|ref)|head_ref)\\s*}}");

  /** A stranger's text in a CI expression, wherever it stands. */
  private static final Pattern EVENT_BLOCK =
      Pattern.compile(
          "\\$\\{\\{\\s*github\\.(?:event\\.(?:comment|issue|pull_request|review|discussion)\\.(?:body|title)|head_ref)\\s*}}");

  /** A YAML key's line: {@code env:}, {@code - run: |}. */
  private static final Pattern KEY_LINE =
      Pattern.compile("^\\s*(?:-\\s*)?([A-Za-z_][\\w-]*)\\s*:(.*)$");

  /** A docs site's source folder that is not for the public. */
  private static final Pattern INTERNAL_DOCS =
      Pattern.compile(
          "(?mi)^docs_dir:\\s*['\"]?\\S*(?:internal|private|runbook|confidential|secret|ops-only|on-?call|restricted)\\S*");

  /**
   * Whether a stranger's text stands on a line of a {@code run: |} block: the nearest key line
   * above it is a run's block ({@code env:} values are data, not the command).
   */
  private static boolean inRunBlock(String text) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!PatternLiterals.finds(EVENT_BLOCK, lines[i])
          || PatternLiterals.matches(KEY_LINE, lines[i])) {
        continue;
      }
      for (int j = i - 1; j >= 0; j--) {
        Matcher key = PatternLiterals.matcher(KEY_LINE, lines[j]);
        if (key.matches()) {
          if (key.group(1).equals("run") && key.group(2).strip().matches("[|>][-+]?")) {
            return true;
          }
          break;
        }
      }
    }
    return false;
  }

  /**
   * What a file's text holds of these shapes, as {@code "<rule> <what>"}, or null.
   *
   * @param path the file's absolute path
   * @param text what is written
   * @return the held shape
   */
  static String held(String path, String text) {
    String lower = path.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (name.contains(".config.")
        && PatternLiterals.matches(DEV_CONFIG, name)
        && PatternLiterals.finds(EVERY_INTERFACE, text)
        && PatternLiterals.finds(SERVES_HOME, text)) {
      return DEV_SERVER + " a dev server on every interface serving files outside the project";
    }
    if (name.equals(SelectedByFiles.THEME_FILE)) {
      return SelectedByFiles.theme(text); // its default environment (decision 209)
    }
    if (name.equals(".pre-commit-config.yaml")) {
      Matcher moving = PatternLiterals.matcher(MOVING_REV, text);
      while (moving.find()) {
        if (!moving.group(1).contains("github.com/pre-commit/")) {
          return MOVING_HOOKS
              + " hooks of "
              + moving.group(1)
              + " at its moving "
              + moving.group(2);
        }
      }
      return null;
    }
    if (name.equals(".actrc")) {
      Matcher production = PatternLiterals.matcher(PRODUCTION_FILE, text);
      return production.find() ? LOCAL_CI + " " + production.group().strip() : null;
    }
    if (name.equals("package.json")) {
      Matcher bin = PatternLiterals.matcher(BIN, text);
      if (bin.find()) {
        Matcher names = PatternLiterals.matcher(BIN_NAME, bin.group(1));
        while (names.find()) {
          if (SYSTEM_PROGRAMS.contains(names.group(1))) {
            return SHADOW + " a command named " + names.group(1);
          }
        }
      }
      return null;
    }
    if (lower.contains("/.mvn/") || name.equals("gradle.properties")) {
      int mvn = path.indexOf("/.mvn/");
      String root = mvn >= 0 ? path.substring(0, mvn) : path.substring(0, path.lastIndexOf('/'));
      Matcher agent = PatternLiterals.matcher(AGENT, text);
      while (agent.find()) {
        String jar = agent.group(1);
        boolean inProject =
            !jar.startsWith("/") && !jar.startsWith("~") || jar.startsWith(root + "/");
        if (!inProject || jar.contains("://")) {
          return JVM_AGENT + " " + agent.group();
        }
      }
      return null;
    }
    if (lower.contains("/.github/workflows/")
        && (PatternLiterals.finds(EVENT, text) || inRunBlock(text))) {
      return EVENT_TEXT + " a step runs the text of an issue, a comment or a pull request";
    }
    if (name.equals("mkdocs.yml") || name.equals("mkdocs.yaml")) {
      Matcher internal = PatternLiterals.matcher(INTERNAL_DOCS, text);
      return internal.find() ? DOCS + " " + internal.group().strip() : null;
    }
    return null;
  }
}
