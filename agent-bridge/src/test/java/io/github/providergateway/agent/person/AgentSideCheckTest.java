package io.github.providergateway.agent.person;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.host.api.PersonCheck.Act;
import io.github.providergateway.loop.base.LoopbackPeers;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The reference app's check of who may act for the person (decision 82), on a process table and a
 * socket table the test writes: every holder of the socket is looked at; what cannot be told is a
 * refusal (no holder found where the table exists, a connection with no address, a named process
 * that is gone); a system with no table refuses nothing by it. A session's own channel is the
 * agent's own program or a person's client, through the gateway's launcher and JVM, never a client
 * the agent's model runs.
 */
class AgentSideCheckTest {

  private static final InetSocketAddress PEER = new InetSocketAddress("127.0.0.1", 50000);
  private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 9400);
  private static final String CLAUDE = "/x/node_modules/@anthropic-ai/claude-code/bin/claude.exe";

  private final Map<Long, ProcessFacts> processes = new HashMap<>();

  private final ProcessTable table =
      new ProcessTable() {
        @Override
        public Optional<ProcessFacts> facts(long pid) {
          return Optional.ofNullable(processes.get(pid));
        }

        @Override
        public boolean readsEnvironments() {
          return true;
        }
      };

  private void add(long pid, long parent, String exe, List<String> args, Map<String, String> env) {
    processes.put(pid, new ProcessFacts(pid, parent, exe, args, env));
  }

  private AgentSideCheck holders(long... pids) {
    List<ProcessHandle> found =
        java.util.Arrays.stream(pids)
            .mapToObj(pid -> ProcessHandle.of(pid).orElse(ProcessHandle.current()))
            .toList();
    return new AgentSideCheck(table, (peer, local) -> new LoopbackPeers.Found(found, true), 1);
  }

  /** A person's terminal (900), Claude Code in it (1000), its shell's command (1001). */
  private void scene() {
    add(1, 0, "/sbin/init", List.of("init"), Map.of());
    add(900, 1, "/usr/bin/bash", List.of("bash"), Map.of());
    add(1000, 900, CLAUDE, List.of("claude"), Map.of());
    add(1001, 1000, "/usr/bin/bash", List.of("bash", "-c", "x"), Map.of("CLAUDECODE", "1"));
  }

  @Test
  void aConnectionWithNoAddressIsRefused() {
    AgentSideCheck check =
        new AgentSideCheck(table, (peer, local) -> new LoopbackPeers.Found(List.of(), true), 1);

    assertThat(check.refusalOfPeer(null, null, Act.PERSON)).isPresent();
  }

  @Test
  void aFarEndNotFoundWhereTheTableIsIsRefusedAndNowhereElseIsNot() {
    AgentSideCheck readable =
        new AgentSideCheck(table, (peer, local) -> new LoopbackPeers.Found(List.of(), true), 1);
    AgentSideCheck noTable =
        new AgentSideCheck(table, (peer, local) -> new LoopbackPeers.Found(List.of(), false), 1);

    assertThat(readable.refusalOfPeer(PEER, LOCAL, Act.PERSON))
        .hasValueSatisfying(why -> assertThat(why).contains("could not be found"));
    assertThat(noTable.refusalOfPeer(PEER, LOCAL, Act.PERSON)).isEmpty();
  }

  @Test
  void aProcessNamedThatIsGoneIsRefused() {
    AgentSideCheck check = holders();

    assertThat(check.refusalOfProcess(424242, Act.SESSION_CHANNEL))
        .hasValueSatisfying(why -> assertThat(why).contains("is not there"));
  }

  @Test
  void theAgentsOwnProgramAnswersItsSessionsQuestionsAndNothingElse() {
    scene();
    AgentSideCheck check = holders();
    add(1100, 1000, "/usr/bin/dash", List.of("/bin/sh", "/h/.local/bin/gateway", "mcp"), Map.of());
    add(
        1101,
        1100,
        "/usr/bin/java",
        List.of("java", "-jar", "/h/provider-gateway.jar", "mcp"),
        Map.of("CLAUDECODE", "1"));

    assertThat(check.refusalOf(1101, Act.SESSION_CHANNEL)).as("claude's own window").isEmpty();
    assertThat(check.refusalOf(1101, Act.PERSON)).as("never the person's acts").isPresent();
  }

  @Test
  void aClientTheModelRunsFromItsShellAnswersNothing() {
    scene();
    AgentSideCheck check = holders();
    add(1200, 1001, "/usr/bin/python3", List.of("python3", "client.py"), Map.of("CLAUDECODE", "1"));
    add(1201, 1200, "/usr/bin/dash", List.of("/bin/sh", "/h/.local/bin/gateway", "mcp"), Map.of());
    add(
        1202,
        1201,
        "/usr/bin/java",
        List.of("java", "-jar", "/h/provider-gateway.jar", "mcp"),
        Map.of("CLAUDECODE", "1"));

    assertThat(check.refusalOf(1202, Act.SESSION_CHANNEL))
        .hasValueSatisfying(
            why ->
                assertThat(why).contains("python3 (pid 1200) is a client a coding agent's model"));
  }

  @Test
  void aPersonsClientAnswersAsThePerson() {
    scene();
    AgentSideCheck check = holders();
    add(1300, 900, "/usr/bin/node", List.of("node", "my-mcp-client.mjs"), Map.of());

    assertThat(check.refusalOf(1300, Act.PERSON)).isEmpty();
    assertThat(check.refusalOf(1300, Act.SESSION_CHANNEL)).isEmpty();
  }
}
