package io.github.providergateway.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: every member of a provider's process tree sees SIGTERM before SIGKILL when the provider
 * is stopped ({@link ChildProcess#stop}, {@link ProcessTree#terminate}), not the provider alone. A
 * real shell provider starts two children that trap TERM and leave a marker file; the provider
 * itself waits for them on TERM, so that only a TERM that reached them lets it exit before the
 * KILL. Waits on real processes are bounded.
 */
@Tag("process")
class ProcessTreeTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  /** Each child: ready once its trap is set, a marker when TERM reaches it, then it exits. */
  private static final String CHILD =
      "trap 'echo term > \"$1/term-$2\"; exit 0' TERM; echo > \"$1/ready-$2\"; sleep 300 & wait";

  /** The provider: two children, and on TERM it waits for them before it exits. */
  private static final String PROVIDER =
      "sh -c \"$CHILD\" child \"$1\" a & sh -c \"$CHILD\" child \"$1\" b &"
          + " trap 'wait; exit 0' TERM; while :; do sleep 1 & wait $!; done";

  @TempDir Path tmp;
  private ChildProcess provider;

  @AfterEach
  void killWhatIsLeft() {
    if (provider != null) {
      provider.kill();
    }
  }

  @Test
  void stoppingAProviderSendsSigtermToEveryProcessItStartedBeforeAnySigkill() throws IOException {
    provider =
        ChildProcess.start(
            ChildProcess.Spec.of(
                    "parent", List.of("sh", "-c", PROVIDER, "provider", tmp.toString()))
                .withEnv(java.util.Map.of("CHILD", CHILD)),
            ChildProcess.Bounds.of(1 << 20));
    for (String child : List.of("a", "b")) {
      Await.until(
          WAIT, () -> Files.exists(tmp.resolve("ready-" + child)), () -> child + " is ready");
    }

    // 1 s for stdin's end (the provider ignores it), then TERM, then 1 s more before KILL.
    provider.stop(Duration.ofSeconds(2));

    assertThat(tmp.resolve("term-a")).as("child a saw SIGTERM").exists();
    assertThat(tmp.resolve("term-b")).as("child b saw SIGTERM").exists();
    assertThat(provider.process().isAlive()).isFalse();
  }
}
