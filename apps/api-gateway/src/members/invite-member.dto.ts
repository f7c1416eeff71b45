import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../validation/email';
import { MEMBER_ROLES, type MemberRole } from './member-role';

@ApiSchema({ name: 'CreateInvitationRequest' })
export class InviteMemberDto {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'dev@maple.ca' })
  @IsString()
  @MaxLength(254)
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ enum: MEMBER_ROLES })
  @IsIn(MEMBER_ROLES)
  role!: MemberRole;
}

@ApiSchema({ name: 'UpdateMemberRequest' })
export class UpdateMemberDto {
  @ApiProperty({ enum: MEMBER_ROLES })
  @IsIn(MEMBER_ROLES)
  role!: MemberRole;
}
