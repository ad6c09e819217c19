package io.github.providergateway.guard.internal;

import static io.github.providergateway.guard.internal.ShapeObjectsTest.tool;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server's tool that changes a live system by its name (decision 153): the verb that begins its
 * name, unless what follows is the developer's own work or a query; an agent's own tool and one
 * that declares what it is are not read.
 */
class ToolChangesTest {

  private static String changes(String tool, String args) throws Exception {
    return ToolChanges.toolChanges(tool(tool, args));
  }

  @Test
  void aToolWhoseNameBeginsWithAChangingVerbIsRead() throws Exception {
    for (String name :
        List.of(
            "mcp__adms__set_point_value",
            "mcp__veeva_vault__update_object_record",
            "mcp__trimble4d__reset_reference_epoch",
            "mcp__yamcs__issue_command",
            "mcp__openc3__cmd",
            "mcp__ignition__write_tags",
            "mcp__hes__submit_command_batch",
            "mcp__webgen__fire_blast",
            "mcp__vehicle_coding__apply_coding",
            "mcp__capacity__release_booking",
            "mcp__niagara__invoke_action",
            "mcp__opera_cloud__run_end_of_day",
            "mcp__veeva_vault__bulk_update_object_records",
            "mcp__fieldview__share_fields",
            "mcp__vehicleAdmin__setVehicleSetting")) {
      assertThat(changes(name, "{}")).as(name).isEqualTo(name);
    }
  }

  /** Decision 155: a record's state moved by the trade's own word. */
  @Test
  void aRecordsStateMovedByTheTradesWordIsRead() throws Exception {
    for (String name :
        List.of(
            "mcp__qp_portal__certify_batch",
            "mcp__recall_mgmt__close_recall",
            "mcp__viewlinc__acknowledge_alarms",
            "mcp__vault_training__complete_assignments",
            "mcp__labware__invalidate_test",
            "mcp__labware__dispose_retained_samples",
            "mcp__qms__reclassify_complaints",
            "mcp__deltav__suppress_alarms",
            "mcp__kmf__zeroize",
            "mcp__memberportal__reinstate_member",
            "mcp__rave_alert__launch_template",
            "mcp__cad__merge_incidents")) {
      assertThat(changes(name, "{}")).as(name).isEqualTo(name);
    }
    for (String name :
        List.of(
            "mcp__github__merge_pull_request",
            "mcp__linear__close_issue",
            "mcp__todoist__complete_task",
            "mcp__jira__close_ticket")) {
      assertThat(changes(name, "{}")).as(name + ": the developer's own work").isNull();
    }
  }

  /** Decision 157: the verb last, a state machine's verb, or the act named by an argument. */
  @Test
  void aVerbThatMovesAStateIsReadWhereverTheNameHidesIt() throws Exception {
    for (String name :
        List.of(
            "mcp__qp_portal__batch_certify",
            "mcp__recall_mgmt__recall_close",
            "mcp__viewlinc__alarms_ack",
            "mcp__qp_portal__BatchCertify",
            "mcp__qms__transition",
            "mcp__qms__transition_record",
            "mcp__deltav__shelve_alarms",
            "mcp__qms__finalize_investigation",
            "mcp__qp_portal__disposition_batch")) {
      assertThat(changes(name, "{}")).as(name).isEqualTo(name);
    }
    assertThat(changes("mcp__deltav__perform_action", "{\"action\": \"suppress\"}")).isNotNull();
    assertThat(changes("mcp__qms__records", "{\"op\": \"close\", \"id\": \"CAPA-881\"}"))
        .isNotNull();
    assertThat(changes("mcp__deltav__alarm_management", "{\"command\": \"inhibit\"}")).isNotNull();
    for (String[] call :
        new String[][] {
          {"mcp__ide__auto_complete", "{\"prefix\": \"con\"}"},
          {"mcp__qms__search_records", "{\"action\": \"close\"}"},
          {"mcp__qms__records", "{\"action\": \"list\"}"},
          {"mcp__playwright__browser_tabs", "{\"action\": \"close\"}"},
          {"mcp__github__issue_close", "{}"},
          {"mcp__shell__terminal", "{\"command\": \"set -e; make\"}"},
          {"mcp__tests__dry_run", "{}"}
        }) {
      assertThat(changes(call[0], call[1])).as(call[0] + " " + call[1]).isNull();
    }
  }

  @Test
  void theDevelopersOwnWorkAndQueriesAreNot() throws Exception {
    for (String name :
        List.of(
            "mcp__linear__update_issue",
            "mcp__github__update_pull_request_branch",
            "mcp__notion__update_page",
            "mcp__jira__set_issue_labels",
            "mcp__linear__update_project",
            "mcp__salesforce__run_soql_query",
            "mcp__dispatch__run_query",
            "mcp__veeva_vault__execute_vql",
            "mcp__databricks__execute_sql",
            "mcp__ide__executeCode")) {
      assertThat(changes(name, "{}")).as(name).isNull();
    }
  }

  @Test
  void otherVerbsAndReadsAreNot() throws Exception {
    for (String name :
        List.of(
            "mcp__adms__get_point_value",
            "mcp__yamcs__list_commands",
            "mcp__github__create_pull_request",
            "mcp__jira__create_issue",
            "mcp__sensors__setup_guide")) {
      assertThat(changes(name, "{}")).as(name).isNull();
    }
  }

  @Test
  void aToolThatActsOnThisMachineOrATestPlaceIsNot() throws Exception {
    assertThat(changes("mcp__scada__write_values", "{\"server\": \"localhost\"}")).isNull();
    assertThat(changes("mcp__opcua__write_node", "{\"endpoint\": \"opc.tcp://127.0.0.1:4840\"}"))
        .isNull();
    assertThat(changes("mcp__fleet__update_settings", "{\"environment\": \"staging\"}")).isNull();
    assertThat(changes("mcp__crm__update_record", "{\"targetOrg\": \"acme-uat\"}")).isNull();
    assertThat(changes("mcp__scada__write_values", "{\"server\": \"scada01.plant.acme.net\"}"))
        .isNotNull();
    assertThat(
            changes(
                "mcp__scada__write_values",
                "{\"server\": \"localhost\", \"url\": \"https://scada.prod.acme.net\"}"))
        .as("production named beside this machine")
        .isNotNull();
    assertThat(changes("mcp__fleet__update_settings", "{\"note\": \"test\"}"))
        .as("a test word where the tool acts is not said")
        .isNotNull();
  }

  @Test
  void aUrlsHostIsReadAsEveryRuleReadsIt() throws Exception {
    assertThat(changes("mcp__opcua__write_node", "{\"endpoint\": \"opc.tcp://[::1]:4840\"}"))
        .isNull();
    assertThat(changes("mcp__opcua__write_node", "{\"endpoint\": \"opc.tcp://plc7.acme.net\"}"))
        .isNotNull();
  }

  @Test
  void aStatementIsForTheQueryRule() throws Exception {
    assertThat(changes("mcp__clinicaldb__execute", "{\"sql\": \"SELECT 1\"}")).isNull();
    assertThat(changes("mcp__vault__execute_lookup", "{\"q\": \"SELECT id FROM lot\"}")).isNull();
  }

  @Test
  void anAgentsOwnToolIsNotAServersTool() throws Exception {
    assertThat(changes("update_todo", "{}")).isNull();
    assertThat(changes("setMode", "{}")).isNull();
  }
}
