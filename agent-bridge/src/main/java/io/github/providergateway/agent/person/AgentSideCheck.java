package io.github.providergateway.agent.person;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.loop.base.LoopbackPeers;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The reference app's {@link PersonCheck} (decision 82): a process on a coding agent's side ({@link
 * AgentSide}) may not act for the person. The far end of a loopback connection is found in the
 * system's socket table ({@link LoopbackPeers}); every process holding it must be on nobody's side
 * but the person's (a descriptor passed to, or shared with, a process of the agent's is the
 * agent's). A connection whose far end cannot be found on a system that has the table (it left, or
 * it is another user's process) is refused; on a system without one (macOS, Windows) nothing can be
 * told and nothing is refused here: the lowering commands' own refusal and the guard still hold
 * there.
 */
public final class AgentSideCheck implements PersonCheck {

  private final ProcessTable table;
  private final BiFunction<InetSocketAddress, InetSocketAddress, LoopbackPeers.Found> peers;
  private final long self;

  AgentSideCheck(
      ProcessTable table,
      BiFunction<InetSocketAddress, InetSocketAddress, LoopbackPeers.Found> peers,
      long self) {
    this.table = requireNonNull(table, "table");
    this.peers = requireNonNull(peers, "peers");
    this.self = self;
  }

  /** {@return the check of this machine's processes, for this process} */
  public static AgentSideCheck system() {
    return new AgentSideCheck(
        ProcessTable.system(AgentSide.MARKS),
        LoopbackPeers::holders,
        ProcessHandle.current().pid());
  }

  @Override
  public Optional<String> refusalOfPeer(InetSocketAddress peer, InetSocketAddress local, Act act) {
    if (peer == null || local == null) {
      return Optional.of("the connection cannot say which process is at its other end");
    }
    LoopbackPeers.Found found = peers.apply(peer, local);
    if (!found.readable()) {
      return Optional.empty();
    }
    List<ProcessHandle> holders = found.holders();
    if (holders.isEmpty()) {
      return Optional.of(
          "the process at the other end of the connection ("
              + peer
              + ") could not be found: it left, or is another user's");
    }
    for (ProcessHandle holder : holders) {
      Optional<String> refused = refusalOf(holder.pid(), act);
      if (refused.isPresent()) {
        return refused;
      }
    }
    return Optional.empty();
  }

  @Override
  public Optional<String> refusalOfThisProcess(Act act) {
    return refusalOf(self, act);
  }

  @Override
  public Optional<String> refusalOfProcess(long pid, Act act) {
    if (table.facts(pid).isEmpty()) {
      return Optional.of("the process named as the client (pid " + pid + ") is not there");
    }
    return refusalOf(pid, act);
  }

  /** Why {@code pid} may not do {@code act}, or empty. */
  Optional<String> refusalOf(long pid, Act act) {
    long asking = act == Act.SESSION_CHANNEL ? GatewayOwnProcesses.clientOf(pid, table) : pid;
    if (act == Act.SESSION_CHANNEL && table.facts(asking).flatMap(AgentSide::program).isPresent()) {
      return Optional.empty(); // the agent's own program: its person answers in its prompt
    }
    String who =
        table.facts(asking).map(ProcessFacts::describe).orElse("the process (pid " + asking + ")");
    return AgentSide.of(asking, table)
        .map(
            mark ->
                who
                    + (act == Act.SESSION_CHANNEL
                        ? " is a client a coding agent's model runs from its tools, not the agent"
                            + " itself: "
                        : " is on a coding agent's side: ")
                    + mark.why());
  }
}
