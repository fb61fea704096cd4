// Every operation type of the plugin (one file per type, mirroring its name).
import type { OperationDefinition } from '../../../sdk/index.js';
import ssp_to_scp_InitialDP from './ssp_to_scp/InitialDP.js';
import ssp_to_scp_EventReportBCSM from './ssp_to_scp/EventReportBCSM.js';
import ssp_to_scp_ApplyChargingReport from './ssp_to_scp/ApplyChargingReport.js';
import ssp_to_scp_CallInformationReport from './ssp_to_scp/CallInformationReport.js';
import ssp_to_scp_ActivityTestResult from './ssp_to_scp/ActivityTestResult.js';
import ssp_to_scp_SpecializedResourceReport from './ssp_to_scp/SpecializedResourceReport.js';
import ssp_to_scp_PromptAndCollectUserInformationResult from './ssp_to_scp/PromptAndCollectUserInformationResult.js';
import ssp_to_scp_PlayAnnouncementError from './ssp_to_scp/PlayAnnouncementError.js';
import ssp_to_scp_PromptAndCollectUserInformationError from './ssp_to_scp/PromptAndCollectUserInformationError.js';
import ssp_to_scp_AssistRequestInstructions from './ssp_to_scp/AssistRequestInstructions.js';
import ssp_to_scp_DisconnectLegResult from './ssp_to_scp/DisconnectLegResult.js';
import ssp_from_scp_RequestReportBCSMEvent from './ssp_from_scp/RequestReportBCSMEvent.js';
import ssp_from_scp_Connect from './ssp_from_scp/Connect.js';
import ssp_from_scp_Continue from './ssp_from_scp/Continue.js';
import ssp_from_scp_ReleaseCall from './ssp_from_scp/ReleaseCall.js';
import ssp_from_scp_ApplyCharging from './ssp_from_scp/ApplyCharging.js';
import ssp_from_scp_FurnishChargingInformation from './ssp_from_scp/FurnishChargingInformation.js';
import ssp_from_scp_ConnectToResource from './ssp_from_scp/ConnectToResource.js';
import ssp_from_scp_EstablishTemporaryConnection from './ssp_from_scp/EstablishTemporaryConnection.js';
import ssp_from_scp_DisconnectForwardConnection from './ssp_from_scp/DisconnectForwardConnection.js';
import ssp_from_scp_DisconnectLeg from './ssp_from_scp/DisconnectLeg.js';
import ssp_from_scp_PlayAnnouncement from './ssp_from_scp/PlayAnnouncement.js';
import ssp_from_scp_PromptAndCollectUserInformation from './ssp_from_scp/PromptAndCollectUserInformation.js';
import ssp_from_scp_ActivityTest from './ssp_from_scp/ActivityTest.js';
import ssp_from_scp_CallInformationRequest from './ssp_from_scp/CallInformationRequest.js';
import ssp_from_scp_ResetTimer from './ssp_from_scp/ResetTimer.js';
import ssp_from_scp_Cancel from './ssp_from_scp/Cancel.js';
import srf_to_scp_AssistRequestInstructions from './srf_to_scp/AssistRequestInstructions.js';
import srf_to_scp_SpecializedResourceReport from './srf_to_scp/SpecializedResourceReport.js';
import srf_to_scp_PromptAndCollectUserInformationResult from './srf_to_scp/PromptAndCollectUserInformationResult.js';
import srf_to_scp_PlayAnnouncementError from './srf_to_scp/PlayAnnouncementError.js';
import srf_to_scp_PromptAndCollectUserInformationError from './srf_to_scp/PromptAndCollectUserInformationError.js';
import srf_to_scp_ActivityTestResult from './srf_to_scp/ActivityTestResult.js';
import srf_from_scp_PlayAnnouncement from './srf_from_scp/PlayAnnouncement.js';
import srf_from_scp_PromptAndCollectUserInformation from './srf_from_scp/PromptAndCollectUserInformation.js';
import srf_from_scp_ActivityTest from './srf_from_scp/ActivityTest.js';
import srf_from_scp_Cancel from './srf_from_scp/Cancel.js';
import scp_from_ssp_InitialDP from './scp_from_ssp/InitialDP.js';
import scp_from_ssp_EventReportBCSM from './scp_from_ssp/EventReportBCSM.js';
import scp_from_ssp_ApplyChargingReport from './scp_from_ssp/ApplyChargingReport.js';
import scp_from_ssp_CallInformationReport from './scp_from_ssp/CallInformationReport.js';
import scp_from_ssp_ActivityTestResult from './scp_from_ssp/ActivityTestResult.js';
import scp_from_ssp_SpecializedResourceReport from './scp_from_ssp/SpecializedResourceReport.js';
import scp_from_ssp_PromptAndCollectUserInformationResult from './scp_from_ssp/PromptAndCollectUserInformationResult.js';
import scp_from_ssp_PlayAnnouncementError from './scp_from_ssp/PlayAnnouncementError.js';
import scp_from_ssp_PromptAndCollectUserInformationError from './scp_from_ssp/PromptAndCollectUserInformationError.js';
import scp_from_ssp_AssistRequestInstructions from './scp_from_ssp/AssistRequestInstructions.js';
import scp_from_ssp_DisconnectLegResult from './scp_from_ssp/DisconnectLegResult.js';
import scp_to_ssp_RequestReportBCSMEvent from './scp_to_ssp/RequestReportBCSMEvent.js';
import scp_to_ssp_Connect from './scp_to_ssp/Connect.js';
import scp_to_ssp_Continue from './scp_to_ssp/Continue.js';
import scp_to_ssp_ReleaseCall from './scp_to_ssp/ReleaseCall.js';
import scp_to_ssp_ApplyCharging from './scp_to_ssp/ApplyCharging.js';
import scp_to_ssp_FurnishChargingInformation from './scp_to_ssp/FurnishChargingInformation.js';
import scp_to_ssp_ConnectToResource from './scp_to_ssp/ConnectToResource.js';
import scp_to_ssp_EstablishTemporaryConnection from './scp_to_ssp/EstablishTemporaryConnection.js';
import scp_to_ssp_DisconnectForwardConnection from './scp_to_ssp/DisconnectForwardConnection.js';
import scp_to_ssp_DisconnectLeg from './scp_to_ssp/DisconnectLeg.js';
import scp_to_ssp_PlayAnnouncement from './scp_to_ssp/PlayAnnouncement.js';
import scp_to_ssp_PromptAndCollectUserInformation from './scp_to_ssp/PromptAndCollectUserInformation.js';
import scp_to_ssp_ActivityTest from './scp_to_ssp/ActivityTest.js';
import scp_to_ssp_CallInformationRequest from './scp_to_ssp/CallInformationRequest.js';
import scp_to_ssp_ResetTimer from './scp_to_ssp/ResetTimer.js';
import scp_to_ssp_Cancel from './scp_to_ssp/Cancel.js';
import scp_from_srf_AssistRequestInstructions from './scp_from_srf/AssistRequestInstructions.js';
import scp_from_srf_SpecializedResourceReport from './scp_from_srf/SpecializedResourceReport.js';
import scp_from_srf_PromptAndCollectUserInformationResult from './scp_from_srf/PromptAndCollectUserInformationResult.js';
import scp_from_srf_PlayAnnouncementError from './scp_from_srf/PlayAnnouncementError.js';
import scp_from_srf_PromptAndCollectUserInformationError from './scp_from_srf/PromptAndCollectUserInformationError.js';
import scp_from_srf_ActivityTestResult from './scp_from_srf/ActivityTestResult.js';
import scp_to_srf_PlayAnnouncement from './scp_to_srf/PlayAnnouncement.js';
import scp_to_srf_PromptAndCollectUserInformation from './scp_to_srf/PromptAndCollectUserInformation.js';
import scp_to_srf_ActivityTest from './scp_to_srf/ActivityTest.js';
import scp_to_srf_Cancel from './scp_to_srf/Cancel.js';
import tcap_ssp_to_scp_Abort from './tcap/ssp_to_scp/Abort.js';
import tcap_ssp_from_scp_Abort from './tcap/ssp_from_scp/Abort.js';
import tcap_srf_to_scp_Abort from './tcap/srf_to_scp/Abort.js';
import tcap_srf_from_scp_Abort from './tcap/srf_from_scp/Abort.js';
import tcap_scp_to_ssp_Abort from './tcap/scp_to_ssp/Abort.js';
import tcap_scp_from_ssp_Abort from './tcap/scp_from_ssp/Abort.js';
import tcap_scp_to_srf_Abort from './tcap/scp_to_srf/Abort.js';
import tcap_scp_from_srf_Abort from './tcap/scp_from_srf/Abort.js';
import ssp_from_scp_ContinueWithArgument from './ssp_from_scp/ContinueWithArgument.js';
import ssp_from_scp_DisconnectForwardConnectionWithArgument from './ssp_from_scp/DisconnectForwardConnectionWithArgument.js';
import scp_to_ssp_ContinueWithArgument from './scp_to_ssp/ContinueWithArgument.js';
import scp_to_ssp_DisconnectForwardConnectionWithArgument from './scp_to_ssp/DisconnectForwardConnectionWithArgument.js';
import ssp_from_scp_CallGap from './ssp_from_scp/CallGap.js';
import ssp_from_scp_SendChargingInformation from './ssp_from_scp/SendChargingInformation.js';
import ssp_from_scp_InitiateCallAttempt from './ssp_from_scp/InitiateCallAttempt.js';
import scp_to_ssp_CallGap from './scp_to_ssp/CallGap.js';
import scp_to_ssp_SendChargingInformation from './scp_to_ssp/SendChargingInformation.js';
import scp_to_ssp_InitiateCallAttempt from './scp_to_ssp/InitiateCallAttempt.js';

export const operations: readonly OperationDefinition[] = [
  ssp_to_scp_InitialDP,
  ssp_to_scp_EventReportBCSM,
  ssp_to_scp_ApplyChargingReport,
  ssp_to_scp_CallInformationReport,
  ssp_to_scp_ActivityTestResult,
  ssp_to_scp_SpecializedResourceReport,
  ssp_to_scp_PromptAndCollectUserInformationResult,
  ssp_to_scp_PlayAnnouncementError,
  ssp_to_scp_PromptAndCollectUserInformationError,
  ssp_to_scp_AssistRequestInstructions,
  ssp_to_scp_DisconnectLegResult,
  ssp_from_scp_RequestReportBCSMEvent,
  ssp_from_scp_Connect,
  ssp_from_scp_Continue,
  ssp_from_scp_ReleaseCall,
  ssp_from_scp_ApplyCharging,
  ssp_from_scp_FurnishChargingInformation,
  ssp_from_scp_ConnectToResource,
  ssp_from_scp_EstablishTemporaryConnection,
  ssp_from_scp_DisconnectForwardConnection,
  ssp_from_scp_DisconnectLeg,
  ssp_from_scp_PlayAnnouncement,
  ssp_from_scp_PromptAndCollectUserInformation,
  ssp_from_scp_ActivityTest,
  ssp_from_scp_CallInformationRequest,
  ssp_from_scp_ResetTimer,
  ssp_from_scp_Cancel,
  srf_to_scp_AssistRequestInstructions,
  srf_to_scp_SpecializedResourceReport,
  srf_to_scp_PromptAndCollectUserInformationResult,
  srf_to_scp_PlayAnnouncementError,
  srf_to_scp_PromptAndCollectUserInformationError,
  srf_to_scp_ActivityTestResult,
  srf_from_scp_PlayAnnouncement,
  srf_from_scp_PromptAndCollectUserInformation,
  srf_from_scp_ActivityTest,
  srf_from_scp_Cancel,
  scp_from_ssp_InitialDP,
  scp_from_ssp_EventReportBCSM,
  scp_from_ssp_ApplyChargingReport,
  scp_from_ssp_CallInformationReport,
  scp_from_ssp_ActivityTestResult,
  scp_from_ssp_SpecializedResourceReport,
  scp_from_ssp_PromptAndCollectUserInformationResult,
  scp_from_ssp_PlayAnnouncementError,
  scp_from_ssp_PromptAndCollectUserInformationError,
  scp_from_ssp_AssistRequestInstructions,
  scp_from_ssp_DisconnectLegResult,
  scp_to_ssp_RequestReportBCSMEvent,
  scp_to_ssp_Connect,
  scp_to_ssp_Continue,
  scp_to_ssp_ReleaseCall,
  scp_to_ssp_ApplyCharging,
  scp_to_ssp_FurnishChargingInformation,
  scp_to_ssp_ConnectToResource,
  scp_to_ssp_EstablishTemporaryConnection,
  scp_to_ssp_DisconnectForwardConnection,
  scp_to_ssp_DisconnectLeg,
  scp_to_ssp_PlayAnnouncement,
  scp_to_ssp_PromptAndCollectUserInformation,
  scp_to_ssp_ActivityTest,
  scp_to_ssp_CallInformationRequest,
  scp_to_ssp_ResetTimer,
  scp_to_ssp_Cancel,
  scp_from_srf_AssistRequestInstructions,
  scp_from_srf_SpecializedResourceReport,
  scp_from_srf_PromptAndCollectUserInformationResult,
  scp_from_srf_PlayAnnouncementError,
  scp_from_srf_PromptAndCollectUserInformationError,
  scp_from_srf_ActivityTestResult,
  scp_to_srf_PlayAnnouncement,
  scp_to_srf_PromptAndCollectUserInformation,
  scp_to_srf_ActivityTest,
  scp_to_srf_Cancel,
  tcap_ssp_to_scp_Abort,
  tcap_ssp_from_scp_Abort,
  tcap_srf_to_scp_Abort,
  tcap_srf_from_scp_Abort,
  tcap_scp_to_ssp_Abort,
  tcap_scp_from_ssp_Abort,
  tcap_scp_to_srf_Abort,
  tcap_scp_from_srf_Abort,
  ssp_from_scp_ContinueWithArgument,
  ssp_from_scp_DisconnectForwardConnectionWithArgument,
  scp_to_ssp_ContinueWithArgument,
  scp_to_ssp_DisconnectForwardConnectionWithArgument,
  ssp_from_scp_CallGap,
  ssp_from_scp_SendChargingInformation,
  ssp_from_scp_InitiateCallAttempt,
  scp_to_ssp_CallGap,
  scp_to_ssp_SendChargingInformation,
  scp_to_ssp_InitiateCallAttempt,
];
