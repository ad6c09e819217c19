package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * Secrets printed into the transcript, where the agent reads them and its provider keeps them: a
 * token's variable echoed or {@code printenv}'d, the environment searched for tokens ({@code env |
 * grep -i token}), a credential a tool keeps ({@code gh auth token}) or git's credential helper
 * gives ({@code git credential fill}). Each is a match only where its output is shown ({@link
 * Output}): saved to a file, captured into a variable ({@code GH_TOKEN=$(gh auth token) tool}) or
 * fed to a program that uses it ({@code | docker login --password-stdin}), nothing is printed.
 */
final class PrintedSecretRules implements Family {
  static final BuiltinRule CLI_TOKEN = RuleBook.rule("secrets.cli-token");
  static final BuiltinRule VARIABLE_PRINTED = RuleBook.rule("secrets.variable-printed");
  static final BuiltinRule CREDENTIAL_HELPER = RuleBook.rule("secrets.credential-helper");

  /** Words in a search of the environment that look for secrets. */
  private static final String[] SOUGHT = {
    "token", "secret", "pass", "pwd", "key", "cred", "auth", "aws_", "_pat", "private"
  };

  @Override
  public List<BuiltinRule> rules() {
    return List.of(CLI_TOKEN, VARIABLE_PRINTED, CREDENTIAL_HELPER);
  }

  @Override
  public void scan(Scan scan) {
    List<Step> steps = scan.steps();
    int dumped = -1; // the last program that printed the whole environment
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      String program = step.program();
      BuiltinRule rule = null;
      if ((step.is(ProgramKind.TOKEN_TOOL) || program.startsWith("docker-credential-"))
          && printsCliToken(program, step.invocation().args())) {
        rule = CLI_TOKEN;
      } else if (step.is(ProgramKind.ECHO) && printsSecretVariable(step)
          || printsNamedVariable(step)
          || dumped >= 0 && searchesForSecrets(step)) {
        rule = VARIABLE_PRINTED;
      } else if (asksCredentialHelper(step)) {
        rule = CREDENTIAL_HELPER;
      }
      if (rule != null && Output.shown(scan, i)) {
        scan.hit(rule, step, null);
      }
      if (SecretRules.dumpsEnvironment(step)) {
        dumped = i;
      }
    }
  }

  /** echo, printf, cat: a word, here-document or here-string that expands a secret variable. */
  private static boolean printsSecretVariable(Step step) {
    for (Word word : step.args()) {
      if (!word.literal() && SecretNames.expanded(word.text()) != null) {
        return true;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String text =
          redirect.body() != null
              ? redirect.body()
              : redirect.operator().equals("<<<") ? redirect.target().text() : null;
      if (text != null && SecretNames.expanded(text) != null) {
        return true;
      }
    }
    return false;
  }

  /** printenv NAME, and declare -p NAME or typeset -p NAME, of a secret's name. */
  private static boolean printsNamedVariable(Step step) {
    switch (step.program()) {
      case "printenv", "declare", "typeset" -> {
        for (Word word : step.args()) {
          if (!word.text().startsWith("-") && SecretNames.secret(word.text())) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * A search, after the environment was printed in the same command, for what looks like a secret:
   * {@code env | grep -i token}, {@code printenv | grep -iE 'key|secret'}. A search that leaves
   * them out ({@code grep -v}) prints the rest, as a plain {@code env} would.
   */
  private static boolean searchesForSecrets(Step step) {
    switch (step.program()) {
      case "grep", "egrep", "fgrep", "rg", "ag", "ack", "awk", "gawk", "sed" -> {}
      default -> {
        return false;
      }
    }
    boolean sought = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.equals("-v") || text.equals("--invert-match")) {
        return false;
      }
      if (text.startsWith("-") && !text.startsWith("-e") && !text.startsWith("--regexp")) {
        continue;
      }
      String lower = text.toLowerCase(Locale.ROOT);
      for (String secret : SOUGHT) {
        sought |= lower.contains(secret);
      }
    }
    return sought;
  }

  /**
   * git's credential helpers asked for a stored password: {@code git credential fill}, {@code git
   * credential-store get} and the other helpers' {@code get}, run by git or by their own name.
   */
  private static boolean asksCredentialHelper(Step step) {
    String program = step.program();
    if (program.startsWith("git-credential-")) {
      return step.invocation().args().contains("get");
    }
    if (!program.equals("git")) {
      return false; // most programs: no arguments read
    }
    String sub = GitCommand.subcommandOf(step.args());
    if (sub.equals("credential")) {
      return step.invocation().args().contains("fill");
    }
    return sub.startsWith("credential-") && step.invocation().args().contains("get");
  }

  /** Whether a tool is asked to print a credential it keeps. */
  private static boolean printsCliToken(String program, List<String> args) {
    String first = args.isEmpty() ? "" : args.get(0);
    String second = args.size() > 1 ? args.get(1) : "";
    return switch (program) {
      case "gh" ->
          first.equals("auth")
              && (second.equals("token")
                  || second.equals("status")
                      && (args.contains("-t") || args.contains("--show-token")));
      case "gcloud" ->
          first.equals("auth")
              && (args.contains("print-access-token") || args.contains("print-identity-token"));
      case "aws" ->
          first.equals("configure")
              && (second.equals("export-credentials")
                  || second.equals("get")
                      && args.size() > 2
                      && (args.get(2).contains("secret") || args.get(2).contains("token")));
      case "az" -> first.equals("account") && second.equals("get-access-token");
      case "vault" -> first.equals("print") && second.equals("token");
      case "heroku" -> first.equals("auth:token");
      case "kubectl", "oc" -> first.equals("create") && second.equals("token");
      default -> program.startsWith("docker-credential-") && first.equals("get");
    };
  }
}
