package io.github.providergateway.gateway.event;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.base.PeerText;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ProviderMessageType;

/**
 * The gateway sent a provider {@code error}: it refused something the provider asked for (a wrong
 * token, a {@code hello} whose tools conflict, a transform or hook it may not register, a push over
 * its budget, ...) or ended its connection for a rule it broke (no {@code auth} in time). What the
 * provider was told, for the host to show the person who runs the gateway ({@link
 * GatewayListener#refused}); without it a refused provider may sit connected and idle, and nobody
 * on the gateway's side knows why.
 *
 * @param connection the connection, as the gateway's logs name it: {@code conn#3 (ws
 *     127.0.0.1:51234)}
 * @param provider the provider's name ({@code name#instance} for an instance) when one is known:
 *     the one its refused {@code hello} gave (shown escaped and cut to 40 characters), else the one
 *     it is bound as; {@code null} before any {@code hello}
 * @param refused the type of the message refused; {@link ProviderMessageType#UNKNOWN} for a type
 *     the gateway does not know, {@code null} when the error answers no message (a deadline passed)
 * @param code the {@code error}'s code; the connection is closed after it when {@link
 *     ErrorCode#isFatal()}
 * @param detail the {@code error}'s message, as sent
 */
public record Refusal(
    String connection,
    String provider,
    ProviderMessageType refused,
    ErrorCode code,
    String detail) {

  /**
   * How much of {@link #detail} {@link #describe()} repeats: enough for the longest the gateway
   * writes (a {@code DUPLICATE_INSTANCE} naming the holder and the ways on), bounded all the same.
   */
  private static final int SHOWN_DETAIL_CHARS = 600;

  /**
   * Checks that the connection, the code and the detail are there.
   *
   * @param connection the connection, as the gateway's logs name it; not null
   * @param provider the provider's name, or {@code null} before any {@code hello}
   * @param refused the type of the message refused, or {@code null} when the error answers none
   * @param code the {@code error}'s code; not null
   * @param detail the {@code error}'s message, as sent; not null
   * @throws NullPointerException when {@code connection}, {@code code} or {@code detail} is null
   */
  public Refusal {
    requireNonNull(connection, "connection");
    requireNonNull(code, "code");
    requireNonNull(detail, "detail");
  }

  /**
   * One line for a person or a log: {@code refused hello of python-example, conn#2 (ws
   * 127.0.0.1:55412): TOOL_CONFLICT Tool 'greet' is already registered by ...}. The detail can
   * repeat what the provider sent, so it is cut to 600 characters with anything outside printable
   * ASCII escaped: a provider cannot write control sequences to the operator's terminal.
   *
   * @return the line, without a line break
   */
  public String describe() {
    String what = refused == null ? "" : "refused " + typeName() + " of ";
    String who = provider == null ? connection : provider + ", " + connection;
    return what + who + ": " + code.wireName() + " " + PeerText.shown(detail, SHOWN_DETAIL_CHARS);
  }

  private String typeName() {
    return refused == ProviderMessageType.UNKNOWN
        ? "a message of unknown type"
        : refused.wireName();
  }
}
