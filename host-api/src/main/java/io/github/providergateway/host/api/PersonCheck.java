package io.github.providergateway.host.api;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Who may act for the person (issue 75): answer a gate's question, take a one-time link to the
 * status page, release held gates, stop the gateway. A coding agent runs as the same user as the
 * person, so holding the gateway token or a page's cookie does not tell them apart; an embedder
 * that runs agents says here how to tell, and the gateway asks before each of those acts. The
 * reference app's check refuses a process on an agent's side (an agent among its processes, an
 * agent's mark in its environment: decision 82).
 *
 * <p>Two acts are told apart ({@link Act}): what only the person may do anywhere, and a client's
 * answer to a question about a session it started itself, which an agent's own program may give
 * (its MCP client puts the question to its person in its own prompt) but a client the agent's model
 * runs from its tools may not.
 *
 * <p>Called off the gateway's loop (it may read the system's process table, which takes
 * milliseconds); a check that throws refuses. {@link #ANYONE} is for an embedding with no agents.
 */
public interface PersonCheck {

  /** What a process asks to do. */
  enum Act {
    /**
     * What only the person may do: answer any question on the gateway's channels, take a status
     * page link, release held gates, stop the gateway.
     */
    PERSON,

    /**
     * Answer a question about a session the asking client started, as that session's own channel:
     * the person, or a coding agent's own program relaying its person's answer in its prompt; not a
     * client the agent's model drives.
     */
    SESSION_CHANNEL
  }

  /**
   * A check that lets anyone holding the credential act for the person: embeddings with no agent.
   */
  PersonCheck ANYONE =
      new PersonCheck() {
        @Override
        public Optional<String> refusalOfPeer(
            InetSocketAddress peer, InetSocketAddress local, Act act) {
          return Optional.empty();
        }

        @Override
        public Optional<String> refusalOfThisProcess(Act act) {
          return Optional.empty();
        }
      };

  /**
   * Why the process at the far end of a loopback connection may not do {@code act}.
   *
   * @param peer the far end's address and port, as the gateway's socket sees it; null when the
   *     carrier cannot say (a check that needs it refuses then)
   * @param local the gateway's own address and port of that connection, or null likewise
   * @param act what it asks to do
   * @return why not, as a person reads it (it names the process and what put it on an agent's
   *     side), or empty when it may
   */
  Optional<String> refusalOfPeer(InetSocketAddress peer, InetSocketAddress local, Act act);

  /**
   * Why this process itself may not do {@code act}: a console or a {@code --rpc} host reads its
   * commands from its own input, so whoever started it is who asks.
   *
   * @param act what it asks to do
   * @return why not, or empty when it may
   */
  Optional<String> refusalOfThisProcess(Act act);

  /**
   * Why a process a carrier names may not do {@code act}: for a carrier that cannot tell who is at
   * its other end (a Unix socket) and is told by its client's own script instead, which is worth as
   * much as that script (the guard keeps an agent's tools from the socket). Default: as {@link
   * #refusalOfPeer} with no address, which a check that needs one refuses.
   *
   * @param pid the process named
   * @param act what it asks to do
   * @return why not, or empty when it may
   */
  default Optional<String> refusalOfProcess(long pid, Act act) {
    return refusalOfPeer(null, null, act);
  }

  /**
   * {@link #refusalOfProcess} on {@code executor}, as {@link #refusalOfPeerAsync}.
   *
   * @param check the check
   * @param pid the process named
   * @param act what it asks to do
   * @param executor where the check runs
   * @return the refusal, or empty, on the executor's thread
   */
  static CompletableFuture<Optional<String>> refusalOfProcessAsync(
      PersonCheck check, long pid, Act act, Executor executor) {
    return check == ANYONE
        ? CompletableFuture.completedFuture(Optional.empty())
        : PersonChecks.run(() -> check.refusalOfProcess(pid, act), executor);
  }

  /**
   * {@link #refusalOfPeer} on {@code executor}, never the caller's thread (a gateway's loop, a
   * server's worker): a check that throws, or one the executor refuses (too many waiting),
   * completes with a refusal that says so.
   *
   * @param check the check
   * @param peer the far end's address and port, or null
   * @param local the gateway's own address and port, or null
   * @param act what it asks to do
   * @param executor where the check runs
   * @return the refusal, or empty, on the executor's thread
   */
  static CompletableFuture<Optional<String>> refusalOfPeerAsync(
      PersonCheck check,
      InetSocketAddress peer,
      InetSocketAddress local,
      Act act,
      Executor executor) {
    return check == ANYONE
        ? CompletableFuture.completedFuture(Optional.empty())
        : PersonChecks.run(() -> check.refusalOfPeer(peer, local, act), executor);
  }

  /**
   * {@link #refusalOfThisProcess} on {@code executor}, as {@link #refusalOfPeerAsync}.
   *
   * @param check the check
   * @param act what it asks to do
   * @param executor where the check runs
   * @return the refusal, or empty, on the executor's thread
   */
  static CompletableFuture<Optional<String>> refusalOfThisProcessAsync(
      PersonCheck check, Act act, Executor executor) {
    return check == ANYONE
        ? CompletableFuture.completedFuture(Optional.empty())
        : PersonChecks.run(() -> check.refusalOfThisProcess(act), executor);
  }
}
