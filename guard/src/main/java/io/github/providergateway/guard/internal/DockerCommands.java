package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * docker, podman and nerdctl (and their compose): pruning, removing volumes and containers with
 * theirs, taking down a stack with its volumes, running a container privileged or with the home
 * mounted. Part of {@link InfraRules}.
 */
final class DockerCommands {
  private static final BuiltinRule DOCKER_PRUNE = RuleBook.rule("infra.docker-prune");
  private static final BuiltinRule DOCKER_VOLUME = RuleBook.rule("infra.docker-volume");
  private static final BuiltinRule DOCKER_PRIVILEGED = RuleBook.rule("infra.docker-privileged");
  private static final BuiltinRule DOCKER_MOUNTS_HOME = RuleBook.rule("infra.docker-mounts-home");
  private static final BuiltinRule CONTAINER_VOLUMES = RuleBook.rule("infra.container-volumes");

  private DockerCommands() {}

  static void docker(Scan scan, Step step) {
    Argv argv =
        Argv.of(
            step.args(),
            "Hcvep",
            "host",
            "context",
            "config",
            "log-level",
            "volume",
            "env",
            "publish",
            "name",
            "network",
            "mount",
            "user",
            "workdir",
            "entrypoint",
            "pid");
    List<Word> pos = argv.positionals();
    String sub = Argv.textAt(pos, 0);
    String what = Argv.textAt(pos, 1);
    if (sub.equals("system") && what.equals("prune")) {
      scan.hit(DOCKER_PRUNE, step, null);
    } else if (sub.equals("compose")) {
      if (composeDown(step.args(), step.args().indexOf(pos.get(0)) + 1)
          && composeVolumes(step.args())) {
        scan.hit(CONTAINER_VOLUMES, step, null);
      }
    } else if (sub.equals("rm")
        || sub.equals("container") && (what.equals("rm") || what.equals("remove"))) {
      containerRemove(scan, step);
    } else if (sub.equals("volume")
        && (what.equals("prune") || what.equals("rm") || what.equals("remove"))) {
      scan.hit(DOCKER_VOLUME, step, null);
    } else if (sub.equals("run") || sub.equals("create") || sub.equals("exec")) {
      boolean rootMounted = false;
      boolean homeMounted = false;
      List<Word> args = step.args();
      for (int i = 0; i < args.size(); i++) {
        String t = args.get(i).text();
        String mount =
            (t.equals("-v") || t.equals("--volume")) && i + 1 < args.size()
                ? args.get(i + 1).text()
                : t.startsWith("--volume=")
                    ? t.substring(9)
                    : t.startsWith("-v") ? t.substring(2) : "";
        rootMounted |= mount.startsWith("/:") || mount.equals("/");
        homeMounted |= mountsHome(scan, step, mount);
      }
      if (homeMounted && !rootMounted) {
        scan.hit(DOCKER_MOUNTS_HOME, step, null);
      }
      String pid = argv.value("pid");
      if (argv.has("privileged") || rootMounted || "host".equals(pid)) {
        scan.hit(DOCKER_PRIVILEGED, step, null);
      }
    }
  }

  /** Compose's options before its command that take a value in the next word. */
  private static final Set<String> COMPOSE_VALUES =
      Set.of(
          "-f",
          "--file",
          "-p",
          "--project-name",
          "--profile",
          "--env-file",
          "--project-directory",
          "--ansi",
          "--parallel",
          "--progress");

  /** Whether compose's command, its first word from {@code from} that is no option, is down. */
  static boolean composeDown(List<Word> args, int from) {
    for (int i = from; i < args.size(); i++) {
      String t = args.get(i).text();
      if (COMPOSE_VALUES.contains(t)) {
        i++;
      } else if (!t.startsWith("-")) {
        return t.equals("down");
      }
    }
    return false;
  }

  /** An endpoint on this machine: {@code http://localhost:4566}, {@code http://127.0.0.1:9000}. */
  static final java.util.regex.Pattern LOCAL_ENDPOINT =
      java.util.regex.Pattern.compile(
          "https?://(?:localhost|127\\.[0-9.]+|\\[::1])(?::[0-9]+)?(?:/.*)?");

  private static final java.util.regex.Pattern TEST_STACK =
      java.util.regex.Pattern.compile("(?i)(?:^|[/._-])(?:test|tests|e2e|ci)(?:[._-]|$)");

  /**
   * Whether a compose command deletes its volumes ({@code down -v}) of a stack that is not a
   * test's: a compose file named for tests ({@code -f docker-compose.test.yml}) holds the test
   * suite's data, which it makes again.
   */
  static boolean composeVolumes(List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-f") || t.equals("--file"))
          && TEST_STACK.matcher(args.get(i + 1).text()).find()) {
        return false;
      }
    }
    return removesVolumes(args);
  }

  /**
   * Whether {@code compose down} is given {@code -v} or {@code --volumes}: named volumes go too.
   */
  private static boolean removesVolumes(List<Word> args) {
    for (Word word : args) {
      String t = word.text();
      if (t.equals("--volumes") || t.equals("--volumes=true")) {
        return true;
      }
      if (t.startsWith("-") && !t.startsWith("--") && t.indexOf('v') > 0) {
        return true; // -v, and in a cluster (-vt 0)
      }
    }
    return false;
  }

  /**
   * {@code docker rm}: with {@code -v} it deletes the containers' anonymous volumes and their data
   * (a database image's, among them); given every container ({@code $(docker ps -aq)}, or through
   * xargs after {@code docker ps -q}) it removes them all, running ones too with {@code -f}, and
   * with {@code -v} every container's volumes.
   */
  private static void containerRemove(Scan scan, Step step) {
    boolean volumes = false;
    boolean unknown = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("--volumes")) {
        volumes = true;
      } else if (t.startsWith("-") && !t.startsWith("--")) {
        volumes |= t.indexOf('v') > 0;
      } else if (!t.startsWith("-") && !word.literal()) {
        unknown = true;
      }
    }
    boolean every = (unknown || step.reachedBy("xargs")) && listsContainers(scan);
    if (volumes) {
      scan.hit(every ? DOCKER_VOLUME : CONTAINER_VOLUMES, step, null);
    } else if (every) {
      scan.hit(DOCKER_PRUNE, step, null);
    }
  }

  /** Whether the command lists containers' ids ({@code docker ps -aq}), which a removal is fed. */
  private static boolean listsContainers(Scan scan) {
    for (Step other : scan.steps()) {
      switch (other.program()) {
        case "docker", "podman", "nerdctl" -> {}
        default -> {
          continue;
        }
      }
      List<String> args = other.invocation().args();
      boolean lists =
          args.contains("ps")
              || args.contains("container") && (args.contains("ls") || args.contains("list"));
      boolean quiet = args.contains("--quiet");
      for (String a : args) {
        quiet |= a.startsWith("-") && !a.startsWith("--") && a.indexOf('q') > 0;
      }
      if (lists && quiet) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a volume's source ({@code SRC:DST}) is the home, a folder above it, or a secret: the
   * container's command then reaches them as if run here.
   */
  private static boolean mountsHome(Scan scan, Step step, String mount) {
    int colon = mount.indexOf(':');
    if (colon <= 0) {
      return false;
    }
    Path home = scan.places().home();
    for (Target target : scan.targets(step, new Word(mount.substring(0, colon), false))) {
      Path source = target.path();
      if (source != null && (home.startsWith(source) || SecretPaths.secret(home, source) != null)) {
        return true;
      }
    }
    return false;
  }
}
