package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Whether a framework's command (Rails, Django, Laravel, Flyway, Prisma, …) runs in a test or
 * development environment, read from its options and the command's assignments (decision 92's local
 * test data): {@code --env=testing}, {@code RAILS_ENV=test}, a database URL of this machine with a
 * test name. A database URL of another machine anywhere in the command vetoes the claim, and only
 * assignments that set a variable for what runs count ({@code : RAILS_ENV=test} does not).
 */
final class FrameworkEnvironments {
  private FrameworkEnvironments() {}

  /** Options that name a framework's environment or settings. */
  private static final Set<String> ENVIRONMENT_OPTIONS =
      NameSet.of("--env", "-e", "--environment", "--settings", "--env-file", "--stage", "-E");

  /**
   * Whether a framework's command runs in a test or development environment: an environment option
   * ({@code --env=testing}, {@code --settings=shop.settings.test}), a database URL of this machine
   * with a test name among its words ({@code -url=jdbc:postgresql://localhost/app_test}), or a
   * variable of {@code environmentVariables} assigned in the command a test name ({@code
   * RAILS_ENV=test}) or such a URL ({@code DATABASE_URL=postgres://…@localhost/app_dev}).
   */
  static boolean testEnvironment(Scan scan, Step step) {
    boolean claimed = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (ENVIRONMENT_OPTIONS.contains(option)) {
        String value =
            eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
        claimed |= Environments.testName(value);
      } else if (text.contains("://")) {
        String url = text.substring(eq + 1);
        if (localTestUrl(url)) {
          claimed = true;
        } else if (elsewhere(url)) {
          return false; // a database URL of another machine: whatever else says test
        }
      }
    }
    String source = scan.source();
    if (source == null) {
      return claimed;
    }
    for (String token : CommandTokens.of(source)) {
      int eq = token.indexOf('=');
      if (eq > 0 && Environments.assignment(token)) {
        String value = token.substring(eq + 1).replace("\"", "").replace("'", "");
        if (value.contains("://") && elsewhere(value)) {
          return false; // RAILS_ENV=test DATABASE_URL=postgres://…@db.prod/app: the URL wins
        }
      }
    }
    for (String token : assignmentsInEffect(source)) {
      int eq = token.indexOf('=');
      String name = token.substring(0, eq);
      String value = token.substring(eq + 1).replace("\"", "").replace("'", "");
      if (value.contains("://")
          ? localTestUrl(value)
          : Environments.environmentVariable(name) && Environments.testName(value)) {
        claimed = true;
      }
    }
    return claimed;
  }

  /** Whether a URL names a host, and every host it names is another machine's. */
  private static boolean elsewhere(String url) {
    for (String host : Environments.hostsOf(url)) {
      if (!host.isEmpty() && !Environments.localHost(host) && !Environments.composeService(host)) {
        return true;
      }
    }
    return false;
  }

  /** Words after which a command's own assignments follow ({@code export RAILS_ENV=test}). */
  private static final Set<String> ASSIGNERS =
      NameSet.of("export", "env", "declare", "typeset", "local", "readonly", "sudo", "command");

  /** env's options after which its assignments still follow (decision 175). */
  private static final Set<String> ENV_OPTIONS =
      NameSet.of("-S", "--split-string", "-i", "--ignore-environment", "-");

  /**
   * The assignments that set a variable for what runs: those where a command starts (after a
   * separator, another such assignment, {@code export} or {@code env}), not a word given to a
   * program ({@code : RAILS_ENV=test}, {@code echo RAILS_ENV=test}).
   */
  static List<String> assignmentsInEffect(String source) {
    return IN_EFFECT.of(source);
  }

  /** The assignments of the last text read, kept: several families ask for a call's. */
  private static final LastSource<List<String>> IN_EFFECT =
      new LastSource<>(FrameworkEnvironments::readInEffect);

  private static List<String> readInEffect(String source) {
    List<String> found = new ArrayList<>();
    boolean boundary = true;
    boolean prevAssigns = false;
    boolean envOption = false; // the token before was env's own option (-S, -i)
    String prev = null;
    int start = -1;
    for (int i = 0; i <= source.length(); i++) {
      char c = i < source.length() ? source.charAt(i) : ' ';
      boolean separator = CommandSeparators.splitsWords(c);
      if (!separator && start < 0) {
        start = i;
      } else if (separator && start >= 0) {
        String token = source.substring(start, i);
        boolean inEffect =
            boundary || prevAssigns || prev != null && ASSIGNERS.contains(prev) || envOption;
        // env -S 'DJANGO_SETTINGS_MODULE=…production' ./manage.py: the string env splits
        boolean quoted = envOption && (token.startsWith("'") || token.startsWith("\""));
        envOption = ENV_OPTIONS.contains(token) && (envOption || "env".equals(prev));
        String unquoted = quoted ? token.substring(1).replaceAll("['\"]$", "") : token;
        prevAssigns = inEffect && Environments.assignment(unquoted);
        if (prevAssigns) {
          found.add(unquoted);
        }
        prev = token;
        boundary = false;
        start = -1;
      }
      if (CommandSeparators.endsCommand(c)) {
        boundary = true;
      }
    }
    return java.util.Collections.unmodifiableList(found);
  }

  /** A database URL of this machine whose database's name says test or development. */
  private static boolean localTestUrl(String url) {
    String host = Environments.host(url);
    String rest = url.substring(url.indexOf("://") + 3);
    int slash = rest.lastIndexOf('/');
    String name = slash >= 0 ? rest.substring(slash + 1) : "";
    int query = name.indexOf('?');
    name = query >= 0 ? name.substring(0, query) : name;
    return Environments.localHost(host) && !name.isEmpty() && Environments.testName(name);
  }
}
