import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { envelope, Envelope, EnvelopeOf } from '../common/envelope';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ListPackagesUseCase } from './list-packages.use-case';
import { MinimumRole } from '../auth/roles.guard';

export class PackageDto {
  @ApiProperty({ example: 'PKG-ACME-BASIC', description: 'The packageId to register candidates against' })
  id!: string;

  @ApiProperty({ example: 'Acme: basic screening' })
  name!: string;

  @ApiProperty({ example: 'acme', description: 'The client that owns the package' })
  clientId!: string;

  @ApiProperty({
    example: ['Peps', 'Global Watch List', 'Listas negras del SAT', 'BGC Legal', 'BGC News'],
    type: [String],
  })
  processes!: string[];
}

@ApiTag('Candidate screening')
@ApiBearerAuth('bearer')
@Controller('packages')
export class PackagesController {
  constructor(private readonly packages: ListPackagesUseCase) {}

  @MinimumRole('viewer')
  @Get()
  @ApiOperation({
    operationId: 'listPackages',
    summary: "List the caller's packages",
    description: 'Every package of every client assigned to the caller, with its processes in order.',
  })
  @ApiOkResponse({
    description: 'The packages of your clients',
    type: EnvelopeOf(PackageDto, { isArray: true }),
  })
  @ApiErrors(401)
  async list(@CurrentUser() user: AuthUser): Promise<Envelope<PackageDto[]>> {
    return envelope(await this.packages.execute(user));
  }
}
