package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * Where an unnamed tool's program runs, as {@link UnnamedToolActs} asks before it weighs the
 * program's words: in a pod or on another machine (the pod command's and the remote shell's rules
 * read it), in a container of an image of its own (read as here, decision 266), or by a relative
 * path (the project's own tool, {@link ProjectToolActs}).
 */
final class UnnamedToolPlaces {
  private UnnamedToolPlaces() {}

  /**
   * Whether the program is an image's, run in a container of its own ({@code docker run --rm -e
   * BOS_TOKEN registry.x/ops-tools:1 bosctl subdivision set …}): a company's tooling image reaches
   * what its tool reaches, with what it is given (decision 266); a project's own service entered by
   * {@code docker compose exec} or {@code docker exec} stays local.
   */
  static boolean imageRun(Step step) {
    for (String via : step.invocation().via()) {
      if (via.startsWith("docker run")) { // "docker run (mounted)" too
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the program runs in a pod, a container or on another machine: the pod command's, the
   * local container's and the remote shell's rules read it ({@code kubectl -n dev exec deploy/x --
   * ppcctl set …}); a command carried there by ssh is read here ({@code ssh ops@h 'cgsadm ticket
   * hold release …'}), unless its host's own words are a device's ({@code show | compare rollback
   * 1}: the program's name a read).
   */
  static boolean carriedElsewhere(Step step) {
    for (String via : step.invocation().via()) {
      if (via.startsWith("kubectl ") || via.startsWith("oc ") || via.startsWith("kubecolor ")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the step runs through ssh and every ssh of the call reaches a host named for staging or
   * tests (decision 318: {@code ssh deploy@staging.shop.example 'wp option update …'}): the act is
   * the rehearsal's, as the same command with {@code --env staging} is.
   */
  static boolean onRehearsalHost(Scan scan, Step step) {
    if (!step.invocation().via().contains("ssh")) {
      return false;
    }
    boolean reached = false;
    for (Step shell : scan.steps()) {
      if (!ShapeWords.REMOTE_SHELLS.contains(shell.program())) {
        continue;
      }
      String host = RemoteShellActs.host(shell);
      if (host == null || !Environments.stagingHost(host)) {
        return false;
      }
      reached = true;
    }
    return reached;
  }

  /**
   * A program run by a relative path ({@code build/app}, {@code vendor/bin/x}): the project's own,
   * which {@link ProjectToolActs} reads.
   */
  static boolean relativePath(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    String written = words.get(0).text();
    return written.indexOf('/') > 0 && written.charAt(0) != '~';
  }
}
