package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.testing.RecordingHostConnection;
import java.util.function.Consumer;

/**
 * A gateway with the spec's default limits on a manual clock ({@link GatewayFixture}), its host
 * service, one authenticated host and one session that host started: what the reference app's
 * {@code --rpc} front end hands its commands to, without the app, a process or a socket. Commands
 * go in as the JSON a host writes; replies and events are recorded as they come, on the test thread
 * (direct executor), so a reply that is not there yet has not been given.
 */
final class HostHarness implements AutoCloseable {

  /** The gateway, its clock ({@code f.clock}) and its provider connections. */
  final GatewayFixture f;

  final HostService hosts;

  /** The authenticated host, as {@code --rpc}'s trusted stdin is. */
  final RecordingHostConnection host;

  /** A session {@link #host} started, labelled {@code test} in {@code /code/test}. */
  final String session;

  HostHarness() {
    this(GatewayFixture.create());
  }

  HostHarness(GatewayFixture fixture) {
    this(fixture, builder -> {});
  }

  /** With the host service's builder changed by {@code customizer} before it is built. */
  HostHarness(GatewayFixture fixture, Consumer<HostService.Builder> customizer) {
    f = fixture;
    HostService.Builder builder = HostService.builder(f.gateway).backend(f.clock.backend(7));
    customizer.accept(builder);
    hosts = builder.build();
    host = authenticated();
    session =
        host.ok("{\"cmd\":\"session.start\",\"label\":\"test\",\"cwd\":\"/code/test\"}")
            .get("sessionId")
            .asText();
  }

  /** Another host, authenticated with the gateway's token. */
  RecordingHostConnection authenticated() {
    RecordingHostConnection connection = new RecordingHostConnection("host");
    connection.attach(hosts.open(connection));
    connection.ok(
        "{\"cmd\":\"host.auth\",\"token\":\"" + f.gateway.credentials().providerToken() + "\"}");
    return connection;
  }

  /** Sends {@code cmd} for {@link #session} with {@code "id": id} and {@code fields}. */
  void send(int id, String cmd, String fields) {
    host.send(command(cmd, "\"id\":" + id + (fields.isEmpty() ? "" : "," + fields)));
  }

  /** Sends {@code cmd} for {@link #session} with {@code fields}; its reply's fields. */
  JsonNode ok(String cmd, String fields) {
    return host.ok(command(cmd, fields));
  }

  /** The JSON of {@code cmd} for {@link #session} with {@code fields} (a list of members). */
  private String command(String cmd, String fields) {
    return "{\"cmd\":\""
        + cmd
        + "\",\"sessionId\":\""
        + session
        + "\""
        + (fields.isEmpty() ? "" : "," + fields)
        + "}";
  }

  /** The reply to the command with {@code id}, or null while there is none. */
  HostReply replyTo(int id) {
    for (HostOutput output : host.snapshot()) {
      if (output instanceof HostReply reply && reply.id() != null && reply.id().asInt() == id) {
        return reply;
      }
    }
    return null;
  }

  /** The fields of the successful reply to {@code id}, which has come by now. */
  JsonNode okReplyTo(int id) {
    HostReply reply = replyTo(id);
    assertThat(reply).as("reply to %d in %s", id, host).isInstanceOf(HostReply.Ok.class);
    return ((HostReply.Ok) reply).fields();
  }

  @Override
  public void close() {
    hosts.close();
    f.close();
  }
}
