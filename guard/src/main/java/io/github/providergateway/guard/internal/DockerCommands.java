package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.ContainerOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * docker, podman and nerdctl (and their compose): pruning, removing volumes and containers with
 * theirs, taking down a stack with its volumes, running a container privileged or with the home
 * mounted: the reader of the {@code infra.docker-*} and {@code infra.container-volumes} rules'
 * predicates ({@link InfraPredicates}).
 */
final class DockerCommands {
  private DockerCommands() {}

  /**
   * A volume each {@code -v}, {@code --volume} of a {@code run}, {@code create} or {@code exec}
   * mounts.
   *
   * @param args the program's words
   * @return the mounts' texts ({@code SRC:DST}), the empty string where a word is no mount
   */
  private static List<String> mounts(List<Word> args) {
    List<String> mounts = new java.util.ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      mounts.add(
          (t.equals("-v") || t.equals("--volume")) && i + 1 < args.size()
              ? args.get(i + 1).text()
              : t.startsWith("--volume=")
                  ? t.substring(9)
                  : t.startsWith("-v") ? t.substring(2) : "");
    }
    return mounts;
  }

  /** {@return whether a container is given the root folder ({@code -v /:/host})} */
  static boolean mountsRoot(Step step) {
    for (String mount : mounts(step.args())) {
      if (mount.startsWith("/:") || mount.equals("/")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@return whether a container is given the home, a folder above it or a secret, and not the root
   * (which {@code infra.docker-privileged} names)}
   */
  static boolean mountsHome(Scan scan, Step step) {
    boolean home = false;
    for (String mount : mounts(step.args())) {
      home |= mountsHome(scan, step, mount);
    }
    return home && !mountsRoot(step);
  }

  /**
   * What {@code docker rm} removes: with {@code -v} the containers' anonymous volumes and their
   * data (a database image's, among them); given every container ({@code $(docker ps -aq)}, or
   * through xargs after {@code docker ps -q}) them all, running ones too with {@code -f}.
   *
   * @param scan the call
   * @param step the program
   * @param volumes whether the volumes are asked about: {@code true} for those removed with their
   *     volumes, {@code false} for those without
   * @param every whether every container is asked about
   * @return whether the removal is so
   */
  static boolean removes(Scan scan, Step step, boolean volumes, boolean every) {
    boolean withVolumes = false;
    boolean unknown = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("--volumes")) {
        withVolumes = true;
      } else if (t.startsWith("-") && !t.startsWith("--")) {
        withVolumes |= t.indexOf('v') > 0;
      } else if (!t.startsWith("-") && !word.literal()) {
        unknown = true;
      }
    }
    if (withVolumes != volumes) {
      return false;
    }
    return every == ((unknown || step.reachedBy("xargs")) && listsContainers(scan));
  }

  /** Whether compose's command, its first word from {@code from} that is no option, is down. */
  static boolean composeDown(List<Word> args, int from) {
    for (int i = from; i < args.size(); i++) {
      String t = args.get(i).text();
      if (ContainerOptions.COMPOSE_WITH_VALUE.contains(t)) {
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
   * suite's data, which it makes again; a development stack's file brought up again in the same
   * call is reset, not emptied.
   */
  static boolean composeVolumes(Scan scan, List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String t = args.get(i).text();
      if (!t.equals("-f") && !t.equals("--file")) {
        continue;
      }
      String file = args.get(i + 1).text();
      if (PatternLiterals.finds(TEST_STACK, file)
          || PatternLiterals.finds(DEV_STACK, file) && bringsUp(scan, file)) {
        return false;
      }
    }
    return removesVolumes(args);
  }

  /** A development stack's file: {@code docker-compose.dev.yml}, {@code compose.local.yaml}. */
  private static final java.util.regex.Pattern DEV_STACK =
      java.util.regex.Pattern.compile("(?i)(?:^|[/._-])(?:dev|development|local)(?:[._-]|$)");

  /**
   * Whether the call brings the same stack up again ({@code down -v && up -d && make seed}): a
   * reset of the developer's own stack, its data made again from the seed (decision 183).
   */
  private static boolean bringsUp(Scan scan, String file) {
    for (Step other : scan.steps()) {
      List<String> words = other.invocation().args();
      if (words.contains("up") && words.contains(file)) {
        return true;
      }
    }
    return false;
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
