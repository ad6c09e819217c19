package io.github.providergateway.guard.shell.internal;

import java.util.Set;

/**
 * What {@code docker run}'s (and podman's, nerdctl's) options are, for the readers of a container's
 * command on both sides of the parse: the code a container carries (the shell's {@code
 * CarriedCode}) and the commands that reach past a container (the rules' {@code
 * ContainerCommands}).
 */
public final class ContainerOptions {
  private ContainerOptions() {}

  /** docker run's options that take the next word. */
  public static final Set<String> RUN_WITH_VALUE =
      Set.of(
          "-v",
          "--volume",
          "--mount",
          "-e",
          "--env",
          "--env-file",
          "-w",
          "--workdir",
          "--name",
          "-p",
          "--publish",
          "--network",
          "--net",
          "-u",
          "--user",
          "--entrypoint",
          "-l",
          "--label",
          "-h",
          "--hostname",
          "--add-host",
          "--cpus",
          "-m",
          "--memory",
          "--restart",
          "--platform",
          "--pull",
          "--log-driver",
          "--log-opt",
          "--device",
          "--cap-add",
          "--cap-drop",
          "--security-opt",
          "--ulimit",
          "--tmpfs",
          "--gpus",
          "--shm-size",
          "--ipc",
          "--pid",
          "--dns",
          "--volumes-from",
          "--cidfile",
          "-a",
          "--attach",
          "--link",
          "--expose",
          "--health-cmd",
          "--stop-signal",
          "--userns",
          "--uts",
          "--cgroupns",
          "--runtime",
          "--label-file",
          "--mac-address",
          "--ip");

  /**
   * Compose's options before its command ({@code docker compose -f x.yml up}) that take a value.
   */
  public static final Set<String> COMPOSE_WITH_VALUE =
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
}
