package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.GatewayMessageType;
import io.github.providergateway.protocol.Message;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.UnknownGatewayMessage;
import io.github.providergateway.protocol.UnknownProviderMessage;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The codec's type tables are complete (STYLE: Jackson 2 does not discover sealed subtypes, so a
 * test compares the table with {@code getPermittedSubclasses()}; R-CODEC-08).
 */
class CodecTableTest {

  /** The concrete classes under a sealed type, with sealed sub-interfaces flattened. */
  private static Set<Class<?>> permittedRecords(Class<?> sealed) {
    Set<Class<?>> records = new HashSet<>();
    for (Class<?> permitted : sealed.getPermittedSubclasses()) {
      if (permitted.isSealed() && permitted.isInterface()) {
        records.addAll(permittedRecords(permitted));
      } else {
        records.add(permitted);
      }
    }
    return records;
  }

  @Test
  void messageHasExactlyTwoDirections() {
    assertThat(Message.class.getPermittedSubclasses())
        .containsExactlyInAnyOrder(ProviderMessage.class, GatewayMessage.class);
  }

  @Test
  void providerTableHoldsEveryPermittedRecordButTheUnknownOne() {
    Set<Class<?>> expected = permittedRecords(ProviderMessage.class);
    expected.remove(UnknownProviderMessage.class);

    assertThat(new HashSet<Class<?>>(ProtocolCodec.providerRecordTypes().values()))
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(ProtocolCodec.providerRecordTypes()).hasSize(expected.size());
  }

  @Test
  void gatewayTableHoldsEveryPermittedRecordButTheUnknownOne() {
    Set<Class<?>> expected = permittedRecords(GatewayMessage.class);
    expected.remove(UnknownGatewayMessage.class);

    assertThat(new HashSet<Class<?>>(ProtocolCodec.gatewayRecordTypes().values()))
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(ProtocolCodec.gatewayRecordTypes()).hasSize(expected.size());
  }

  @Test
  void everyRecordIsARecord() {
    assertThat(ProtocolCodec.providerRecordTypes().values()).allMatch(Class::isRecord);
    assertThat(ProtocolCodec.gatewayRecordTypes().values()).allMatch(Class::isRecord);
  }

  @Test
  void everyKnownProviderTypeHasAnEntry() {
    Set<ProviderMessageType> known = EnumSet.allOf(ProviderMessageType.class);
    known.remove(ProviderMessageType.UNKNOWN);

    assertThat(ProtocolCodec.providerRecordTypes().keySet()).isEqualTo(known);
  }

  @Test
  void everyKnownGatewayTypeHasAnEntry() {
    Set<GatewayMessageType> known = EnumSet.allOf(GatewayMessageType.class);
    known.remove(GatewayMessageType.UNKNOWN);

    assertThat(ProtocolCodec.gatewayRecordTypes().keySet()).isEqualTo(known);
  }

  @Test
  void theSpecsTablesNameSixteenProviderAndThirteenGatewayTypes() {
    // R-CODEC-08: whatever total the spec states (31), its tables and examples name 16 + 13.
    assertThat(ProtocolCodec.providerRecordTypes()).hasSize(16);
    assertThat(ProtocolCodec.gatewayRecordTypes()).hasSize(13);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ProviderMessageType.class)
  void everyProviderRecordReportsTheTypeItIsFiledUnder(ProviderMessageType type) {
    ProviderMessage message = new RandomMessages(type.ordinal(), false).provider(type);

    assertThat(message.type()).isEqualTo(type);
    if (type != ProviderMessageType.UNKNOWN) {
      assertThat(message.getClass()).isEqualTo(ProtocolCodec.providerRecordTypes().get(type));
      assertThat(message.wireType()).isEqualTo(type.wireName());
      assertThat(ProviderMessageType.fromWire(type.wireName())).isEqualTo(type);
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(GatewayMessageType.class)
  void everyGatewayRecordReportsTheTypeItIsFiledUnder(GatewayMessageType type) {
    GatewayMessage message = new RandomMessages(type.ordinal(), false).gateway(type);

    assertThat(message.type()).isEqualTo(type);
    if (type != GatewayMessageType.UNKNOWN) {
      assertThat(message.getClass()).isEqualTo(ProtocolCodec.gatewayRecordTypes().get(type));
      assertThat(message.wireType()).isEqualTo(type.wireName());
      assertThat(GatewayMessageType.fromWire(type.wireName())).isEqualTo(type);
    }
  }

  @Test
  void unknownMessagesReportTheirRawWireType() {
    ProviderMessage provider = new RandomMessages(1, false).provider(ProviderMessageType.UNKNOWN);
    GatewayMessage gateway = new RandomMessages(1, false).gateway(GatewayMessageType.UNKNOWN);

    assertThat(provider.wireType())
        .isEqualTo(((UnknownProviderMessage) provider).json().get("type").textValue());
    assertThat(gateway.wireType())
        .isEqualTo(((UnknownGatewayMessage) gateway).json().get("type").textValue());
  }

  @Test
  void tablesCannotBeChanged() {
    assertThatThrownBy(() -> ProtocolCodec.providerRecordTypes().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
