package io.github.providergateway.app.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.MissingNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The system settings' {@code audit.syslog}: defaults, and a clear error for what is wrong. */
class SyslogSettingsTest {

  @Test
  void aMissingSectionIsNoSyslog() {
    assertThat(SyslogSettings.from(MissingNode.getInstance())).isNull();
  }

  @Test
  void onlyTheHostIsRequired() {
    SyslogSettings settings = SyslogSettings.from(SampleDecisions.json("{\"host\": \"siem\"}"));
    assertThat(settings)
        .isEqualTo(
            new SyslogSettings(
                "siem", 514, SyslogSettings.Protocol.UDP, 16, SyslogSettings.Format.CEF));
  }

  @Test
  void everyKeyIsRead() {
    SyslogSettings settings =
        SyslogSettings.from(
            SampleDecisions.json(
                """
                {"host": "siem.corp", "port": 6514, "protocol": "tcp", "facility": "local4",
                 "format": "json"}
                """));
    assertThat(settings)
        .isEqualTo(
            new SyslogSettings(
                "siem.corp", 6514, SyslogSettings.Protocol.TCP, 20, SyslogSettings.Format.JSON));
    assertThat(settings.destination()).isEqualTo("syslog tcp siem.corp:6514 (json)");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "{\"port\": 514}; audit.syslog.host is required",
        "{\"host\": \"h\", \"port\": 0}; audit.syslog.port must be 1..65535, was 0",
        "{\"host\": \"h\", \"port\": \"x\"}; audit.syslog.port must be a number",
        "{\"host\": \"h\", \"protocol\": \"tls\"}; audit.syslog.protocol must be one of [udp, tcp]",
        "{\"host\": \"h\", \"facility\": \"local9\"}; audit.syslog.facility must be 0..23 or one of",
        "{\"host\": \"h\", \"facility\": 24}; audit.syslog.facility must be 0..23, was 24",
        "{\"host\": \"h\", \"format\": \"leef\"}; audit.syslog.format must be one of [cef, json]",
        "{\"host\": \"h\", \"tls\": true}; audit.syslog.tls is not read",
        "[]; audit.syslog must be an object"
      })
  void whatCannotBeUsedIsRefusedNamingTheKey(String section, String message) {
    assertThatThrownBy(() -> SyslogSettings.from(SampleDecisions.json(section)))
        .isInstanceOf(ExportSettingsException.class)
        .hasMessageContaining(message);
  }
}
