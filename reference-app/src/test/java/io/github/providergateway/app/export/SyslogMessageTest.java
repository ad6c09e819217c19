package io.github.providergateway.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** One decision as an RFC 5424 record with CEF or JSON in it, escaped and bounded. */
class SyslogMessageTest {

  private static final SyslogSettings UDP_CEF =
      new SyslogSettings("siem", 514, SyslogSettings.Protocol.UDP, 16, SyslogSettings.Format.CEF);

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void aDenialIsOneRfc5424RecordWithACefEvent() {
    SyslogMessage message = new SyslogMessage(UDP_CEF, "laptop-0042", "0.1.0", 4711);
    String record = text(message.format(SampleDecisions.denied("No pushes while CI is red.")));
    // local0 (16) × 8 + warning (4) = 132
    assertThat(record)
        .isEqualTo(
            "<132>1 2026-11-28T16:20:03.412Z laptop-0042 provider-gateway 4711 pre_tool_use - "
                + "CEF:0|provider-gateway|gateway|0.1.0|guard/no-push|pre_tool_use deny|7|"
                + "rt=1795882803412 cat=pre_tool_use act=deny dvchost=laptop-0042"
                + " cs1Label=provider cs1=claude-code cs2Label=tool cs2=Bash"
                + " cs3Label=session cs3=session-7 cs4Label=rule cs4=guard/no-push"
                + " cs5Label=callId cs5=call-42 reason=No pushes while CI is red.");
  }

  /** The agent is CEF's client application, the policy in force a flex string; JSON has both. */
  @Test
  void aRecordNamesItsAgentAndThePolicyInForce() {
    SyslogMessage message = new SyslogMessage(UDP_CEF, "laptop-0042", "0.1.0", 4711);
    String record =
        text(
            message.format(
                SampleDecisions.denied("No pushes while CI is red."),
                new AuditLabels("claude-code", "org:v12")));
    assertThat(record)
        .contains(
            " requestClientApplication=claude-code flexString1Label=policy flexString1=org:v12"
                + " reason=No pushes while CI is red.");
  }

  @Test
  void aDecisionWithNoRuleIsNamedByItsKindAndIsInformational() {
    SyslogMessage message = new SyslogMessage(UDP_CEF, "laptop-0042", "0.1.0", 4711);
    String record = text(message.format(SampleDecisions.call(1)));
    assertThat(record).startsWith("<134>1 "); // local0, informational
    assertThat(record).contains("|0.1.0|tool_call|tool_call success|3|");
  }

  @Test
  void cefSpecialCharactersAreEscapedInTheHeaderAndTheExtension() {
    assertThat(CefText.header("a|b\\c\nd")).isEqualTo("a\\|b\\\\c d");
    assertThat(CefText.value("x=1 \\ y\r\nz|")).isEqualTo("x\\=1 \\\\ y\\r\\nz|");
    SyslogMessage message = new SyslogMessage(UDP_CEF, "laptop", "1|2", 1);
    String record = text(message.format(SampleDecisions.denied("a=b\nc")));
    assertThat(record).contains("|1\\|2|").endsWith("reason=a\\=b\\nc");
  }

  @Test
  void aHostIdThatIsNotPrintableAsciiIsADashInTheHeaderButKeptInCef() {
    SyslogMessage message = new SyslogMessage(UDP_CEF, "Adas Laptop", "0.1.0", 1);
    String record = text(message.format(SampleDecisions.call(1)));
    assertThat(record).contains(".413Z - provider-gateway ").contains("dvchost=Adas Laptop");
  }

  @Test
  void overUdpALongReasonIsCutSoTheRecordFits2048Bytes() {
    SyslogMessage message = new SyslogMessage(UDP_CEF, "laptop", "0.1.0", 1);
    byte[] record = message.format(SampleDecisions.denied("é".repeat(5_000)));
    assertThat(record.length).isLessThanOrEqualTo(2048).isGreaterThan(1900);
    String text = text(record);
    assertThat(text).endsWith(SyslogMessage.CUT).contains("cs5=call-42 reason=éé");
  }

  @Test
  void overTcpTheBoundIs8KiB() {
    SyslogSettings tcp =
        new SyslogSettings("siem", 514, SyslogSettings.Protocol.TCP, 16, SyslogSettings.Format.CEF);
    SyslogMessage message = new SyslogMessage(tcp, "laptop", "0.1.0", 1);
    assertThat(message.format(SampleDecisions.denied("x".repeat(5_000))).length)
        .isGreaterThan(5_000);
    byte[] record = message.format(SampleDecisions.denied("x".repeat(20_000)));
    assertThat(record.length).isLessThanOrEqualTo(8192).isGreaterThan(8000);
  }

  @Test
  void theJsonFormatCarriesTheTrailsLineAndTheHostId() {
    SyslogSettings json =
        new SyslogSettings(
            "siem", 514, SyslogSettings.Protocol.UDP, 13, SyslogSettings.Format.JSON);
    SyslogMessage message = new SyslogMessage(json, "laptop-0042", "0.1.0", 1);
    String record = text(message.format(SampleDecisions.denied("no")));
    assertThat(record).startsWith("<108>1 "); // audit (13) × 8 + warning
    JsonNode line = SampleDecisions.json(record.substring(record.indexOf(" - ") + 3));
    assertThat(line.get("kind").asText()).isEqualTo("pre_tool_use");
    assertThat(line.get("outcome").asText()).isEqualTo("deny");
    assertThat(line.get("hostId").asText()).isEqualTo("laptop-0042");
    assertThat(line.get("gates")).hasSize(2);
  }

  @Test
  void aJsonRecordTooLongEvenWithoutItsReasonLosesItsGatesAndSaysSo() {
    SyslogSettings json =
        new SyslogSettings(
            "siem", 514, SyslogSettings.Protocol.UDP, 16, SyslogSettings.Format.JSON);
    SyslogMessage message = new SyslogMessage(json, "laptop", "0.1.0", 1);
    // The deny's gate gives the same reason: cutting the decision's own is not enough.
    byte[] record = message.format(SampleDecisions.denied("x".repeat(3_000)));
    assertThat(record.length).isLessThanOrEqualTo(2048);
    assertThat(record.length).isGreaterThan(1900);
    assertThat(text(record))
        .contains("\"truncated\":true", SyslogMessage.CUT)
        .doesNotContain("\"gates\"");
  }

  @Test
  void aCutNeverSplitsACharacter() {
    byte[] cut = SyslogMessage.cut("aé", 2);
    assertThat(cut).containsExactly('a');
  }
}
