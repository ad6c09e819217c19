package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio bridge's look at who listens on the home's port before it sends the token there ({@code
 * listener} in {@code src/main/sh/gateway-mcp-bridge.sh}, run in {@code sh} on tables in the
 * kernel's {@code /proc/net/tcp} format): a gateway that crashed leaves its port file, and another
 * user may listen on that port now. Port 9400 is {@code 24B8} there; user 1000 is the bridge's.
 */
@Tag("process")
class BridgeListenerTest {

  private static final Pattern FUNCTION = Pattern.compile("(?ms)^listener\\(\\) \\{\\n.*?^\\}$");
  private static final String HEADER =
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout"
          + " inode\n";

  @TempDir Path dir;

  private static final String V4_MAPPED_LOOPBACK = "0000000000000000FFFF00000100007F";
  private static final String V6_ANY = "00000000000000000000000000000000";

  @Test
  void thisUsersListenerAloneIsTheGateway() throws Exception {
    assertThat(listener(row("0100007F:24B8", "0A", 1000) + row("0100007F:24B9", "0A", 33), ""))
        .as("another user's listener on another port is none of its business")
        .isZero();
    assertThat(
            listener(
                "",
                row(V4_MAPPED_LOOPBACK + ":24B8", "0A", 1000)
                    + row("00000000000000000000000001000000:24B8", "0A", 1000)))
        .as("a JVM's, on ::ffff:127.0.0.1 and ::1")
        .isZero();
  }

  @Test
  void anotherUsersListenerWhereAConnectionTo127001MayArriveIsSaid() throws Exception {
    assertThat(listener(row("0100007F:24B8", "0A", 33), "")).isEqualTo(1);
    assertThat(listener(row("0100007F:24B8", "0A", 1000) + row("00000000:24B8", "0A", 33), ""))
        .as("on every IPv4 address")
        .isEqualTo(1);
    assertThat(listener("", row(V4_MAPPED_LOOPBACK + ":24B8", "0A", 33))).isEqualTo(1);
    assertThat(listener(row("0100007F:24B8", "0A", 1000), row(V6_ANY + ":24B8", "0A", 33)))
        .as("on every IPv6 address, which takes IPv4 too")
        .isEqualTo(1);
  }

  @Test
  void noListenerThereIsNobody() throws Exception {
    assertThat(
            listener(
                row("0100007F:24B8", "01", 33) // a connection from that port, not a listener
                    + row("0A0B0C0D:24B8", "0A", 33) // another address's
                    + row("0100007F:24B9", "0A", 1000),
                row("00000000000000000000000001000000:24B8", "0A", 33))) // ::1 alone
        .isEqualTo(2);
  }

  @Test
  void noTableCannotBeTold() throws Exception {
    assertThat(run(dir.resolve("none"))).isEqualTo(3);
  }

  private static String row(String local, String state, int uid) {
    return "   0: "
        + local
        + " 00000000:0000 "
        + state
        + " 00000000:00000000 00:00000000 00000000  "
        + uid
        + "        0 4711 1 0000000000000000 100 0 0 10 0\n";
  }

  /** {@code listener} on a table of {@code v4} rows and one of {@code v6} rows (none if empty). */
  private int listener(String v4, String v6) throws Exception {
    Path tables = Files.createDirectories(dir.resolve("net"));
    Files.deleteIfExists(tables.resolve("tcp"));
    Files.deleteIfExists(tables.resolve("tcp6"));
    if (!v4.isEmpty()) {
      Files.writeString(tables.resolve("tcp"), HEADER + v4);
    }
    if (!v6.isEmpty()) {
      Files.writeString(tables.resolve("tcp6"), HEADER + v6);
    }
    return run(tables);
  }

  /** The script's {@code listener 9400 1000 TABLES}'s exit status. */
  private static int run(Path tables) throws Exception {
    String script =
        Files.readString(Path.of("src/main/sh/gateway-mcp-bridge.sh"), StandardCharsets.UTF_8);
    Matcher function = FUNCTION.matcher(script);
    assertThat(function.find()).as("the bridge's listener function").isTrue();
    Process sh =
        new ProcessBuilder(
                "/bin/sh",
                "-c",
                function.group() + "\nlistener 9400 1000 \"$1\"",
                "sh",
                tables.toString())
            .redirectErrorStream(true)
            .start();
    String said = new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(sh.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(said).as("nothing printed").isEmpty();
    return sh.exitValue();
  }
}
