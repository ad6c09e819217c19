package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reading, copying or sending secrets: SSH and GPG private keys, {@code .env} files (not {@code
 * .env.example} and its kind), cloud and cluster credentials, registry and git tokens, and the
 * agents' own token files. Read by path, so {@code cat ~/.ssh/id_rsa}, {@code curl
 * -d @~/.ssh/id_rsa}, {@code < ~/.ssh/id_rsa} and the read tool on it are one rule. A glob is read
 * as naming a secret when it would match one ({@code cat ~/.ssh/*}, {@code cat .env*}).
 */
final class SecretRules implements Family {
  private static final String NO_SECRETS = "ask the person for the value you need";

  static final BuiltinRule SSH = RuleBook.rule("secrets.ssh");
  static final BuiltinRule ENV_FILE = RuleBook.rule("secrets.env-file");
  static final BuiltinRule KUBE = RuleBook.rule("secrets.kube");
  static final BuiltinRule GPG = RuleBook.rule("secrets.gpg");

  static final BuiltinRule SSH_WRITE = RuleBook.rule("secrets.ssh-write");
  static final BuiltinRule PROCESS_ENVIRONMENT = RuleBook.rule("secrets.process-environment");

  static final BuiltinRule ENVIRONMENT_SENT = RuleBook.rule("secrets.environment-sent");

  @Override
  public void scan(Scan scan) {
    boolean environmentDumped = false;
    for (Step step : scan.steps()) {
      String program = step.program();
      if (environmentDumped && step.is(ProgramKind.SENDER)) {
        scan.hit(ENVIRONMENT_SENT, step, null);
      }
      environmentDumped |= EnvironmentDumps.dumps(step);
      switch (program) { // one switch, not four comparisons a program
        case "gpg", "gpg2" -> {
          for (String arg : step.invocation().args()) {
            if (arg.startsWith("--export-secret")) {
              scan.hit(GPG, step, null);
            }
          }
        }
        case "kubectl", "oc" -> {
          List<String> args = step.invocation().args();
          if (args.contains("config")
              && args.contains("view")
              && (args.contains("--raw") || args.contains("--flatten"))) {
            scan.hit(KUBE, step, null);
          }
        }
        case "ps" -> {
          if (psShowsEnvironment(step.invocation().args())) {
            scan.hit(PROCESS_ENVIRONMENT, step, null);
          }
        }
        default -> {}
      }
    }
    Path home = scan.places().home();
    Path sshFolder = home.resolve(".ssh");
    // A long command names the same few files again and again, and their targets are shared:
    // each target is read once.
    Map<Target, Optional<BuiltinRule>> read = new IdentityHashMap<>();
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command has hundreds
      Access access = accesses.get(i);
      Target target = access.target();
      // get and put, not computeIfAbsent: its capturing lambda would be a new object an access.
      Optional<BuiltinRule> known = read.get(target);
      if (known == null) {
        known = Optional.ofNullable(SecretPaths.secretOrGlob(home, target));
        read.put(target, known);
      }
      BuiltinRule rule = known.orElse(null);
      if (rule == null && access.kind() == Kind.READ) {
        // Where it is on the disk: cat k/id_rsa with k -> ~/.ssh reads the key (issue 75).
        Target real = scan.realPaths().of(target);
        BuiltinRule onDisk = real == null ? null : SecretPaths.secretOrGlob(home, real);
        if (onDisk != null) {
          scan.hit(onDisk, new Access(Kind.READ, real, access.invocation()));
        }
      }
      if (rule == null) {
        Path path = target.path();
        if (access.changes()
            && path != null
            && path.startsWith(sshFolder)
            && !access.metadataOnly()) {
          scan.hit(SSH_WRITE, access);
        }
        continue;
      }
      if (access.kind() == Kind.READ) {
        scan.hit(rule, access);
      } else if (rule == SSH && path(target).startsWith(sshFolder) && !access.metadataOnly()) {
        scan.hit(SSH_WRITE, access);
      } else if (access.invocation() == null || rule != ENV_FILE && !access.metadataOnly()) {
        // The edit tool shows and rewrites what it changes; a shell writing a .env file (cp
        // .env.example .env) reads nothing of it.
        scan.hit(rule, access);
      }
    }
  }

  private static Path path(Target target) {
    return target.path() == null ? Path.of("") : target.path();
  }

  /** ps's options that take a value in the next word when it is not attached. */
  private static final Set<String> PS_VALUES =
      Set.of(
          "-o",
          "-O",
          "-p",
          "-u",
          "-U",
          "-g",
          "-G",
          "-t",
          "-C",
          "-q",
          "-k",
          "-s",
          "--sort",
          "--format",
          "--pid",
          "--ppid",
          "--user",
          "--User",
          "--group",
          "--Group",
          "--tty",
          "--sid",
          "--cols",
          "--columns",
          "--rows",
          "--lines",
          "-N",
          "-M");

  /** The options ps takes in BSD's form, with no dash: {@code aux}, {@code eww}. */
  private static final String PS_BSD = "aAcCeEfghHjlLmMnNrsStTuvwxXZ";

  /**
   * Whether ps shows the processes' environments: BSD's {@code e} ({@code ps eww}, {@code ps
   * auxe}), or macOS's {@code -E}. Every variable of every process of the user is printed, the
   * agents' API keys among them. ({@code -e} with a dash selects every process; it shows no
   * environment.)
   */
  static boolean psShowsEnvironment(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("-")) {
        if (!a.startsWith("--") && a.indexOf('E') > 0) {
          return true;
        }
        if (PS_VALUES.contains(a)
            || !a.startsWith("--")
                && a.length() > 2
                && "oOpuUgGtCqks".indexOf(a.charAt(a.length() - 1)) >= 0) {
          i++; // -o user, -eo user: the value, no BSD options
        }
        continue;
      }
      boolean bsd = !a.isEmpty();
      for (int k = 0; k < a.length() && bsd; k++) {
        bsd = PS_BSD.indexOf(a.charAt(k)) >= 0;
      }
      if (bsd && a.indexOf('e') >= 0) {
        return true;
      }
    }
    return false;
  }
}
